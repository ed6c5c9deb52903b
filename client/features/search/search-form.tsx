import { Component } from 'react';
import { Form } from 'react-router';

import { SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';
import { paths } from '#shared/urls.ts';

import type { ErrorInfo, InputHTMLAttributes, ReactNode, Ref } from 'react';
import type { Locale } from '#shared/content/types.ts';

export const HEADER_SEARCH_INPUT_ID = 'header-search-input';
export const PAGE_SEARCH_INPUT_ID = 'search-page-input';
/** The facet checkboxes join the page form through their `form` attribute. */
export const SEARCH_PAGE_FORM_ID = 'search-page-form';

/** Apart from labels.ts, so the first-load bundle carries only these. */
export const SEARCH_FORM_LABELS = {
  'en-US': {
    search: 'Search',
    inputLabel: 'Search the site',
    siteSearch: 'Site search',
    pageSearch: 'Search and filter',
    placeholder: 'Search models and articles',
  },
  'de-DE': {
    search: 'Suchen',
    inputLabel: 'Website durchsuchen',
    siteSearch: 'Websitesuche',
    pageSearch: 'Suchen und filtern',
    placeholder: 'Modelle und Artikel suchen',
  },
} satisfies Record<Locale, Record<string, string>>;

interface SearchFormProps {
  locale: Locale;
  variant: 'header' | 'page';
  /** The search page's fallback must work whatever broke. */
  reloadDocument?: boolean;
  onSubmit?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  onPointerEnter?: () => void;
}

/** A GET form to the locale's search page that works without JavaScript: header form and combobox, search page box and fallback. */
export function SearchForm({ locale, variant, reloadDocument, onSubmit, inputRef, inputProps, onPointerEnter }: SearchFormProps) {
  const t = SEARCH_FORM_LABELS[locale];
  const header = variant === 'header';
  const id = header ? HEADER_SEARCH_INPUT_ID : PAGE_SEARCH_INPUT_ID;
  return (
    <Form
      discover="none"
      id={header ? undefined : SEARCH_PAGE_FORM_ID}
      role="search"
      aria-label={header ? t.siteSearch : t.pageSearch}
      method="get"
      action={paths.search(locale)}
      className={header ? 'header-search' : 'search-page-form'}
      reloadDocument={reloadDocument}
      onPointerEnter={onPointerEnter}
      onSubmit={
        onSubmit &&
        ((event) => {
          event.preventDefault();
          onSubmit();
        })
      }
    >
      <label htmlFor={id} className="visually-hidden">
        {t.inputLabel}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="search-input"
        type="search"
        name="q"
        maxLength={SEARCH_MAX_QUERY_LENGTH}
        placeholder={t.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        aria-keyshortcuts={header ? '/ Control+K Meta+K' : undefined}
        {...inputProps}
      />
      {header ? (
        <button type="submit" className="search-submit">
          <span className="visually-hidden">{t.search}</span>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="18" height="18">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : (
        <button type="submit">{t.search}</button>
      )}
    </Form>
  );
}

/** A broken search widget falls back to its plain form, never a blank page (STYLE.md section 6). */
export class SearchErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('search failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
