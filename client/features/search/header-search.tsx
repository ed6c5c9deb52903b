import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Form, useLocation } from 'react-router';

import { SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';
import { paths } from '#shared/urls.ts';

import { getSearchLabels } from './labels.ts';
import { getLoadedHeaderSearchBox, loadHeaderSearchBox, preloadWhenIdle, readHandoff } from './load-search-box.ts';
import { SearchErrorBoundary } from './search-error-boundary.tsx';
import { SearchIcon } from './search-icon.tsx';
import { HEADER_SEARCH_INPUT_ID, useSearchShortcuts } from './use-search-shortcuts.ts';

import './search.css';

import type { Locale } from '#shared/content/types.ts';
import type { HeaderSearchBoxProps } from './load-search-box.ts';
import type { ComponentType, Ref } from 'react';

/**
 * The header's search form exactly as the server renders it: a GET form to
 * the locale's search page, which is all there is without JavaScript.
 */
export function HeaderSearchForm({
  locale,
  inputRef,
  onActivate,
}: {
  locale: Locale;
  inputRef?: Ref<HTMLInputElement>;
  onActivate?: (wantsFocus: boolean) => void;
}) {
  const t = getSearchLabels(locale);
  return (
    <Form role="search" aria-label={t.siteSearch} method="get" action={paths.search(locale)} className="header-search">
      <label htmlFor={HEADER_SEARCH_INPUT_ID} className="visually-hidden">
        {t.inputLabel}
      </label>
      <input
        ref={inputRef}
        id={HEADER_SEARCH_INPUT_ID}
        className="search-input"
        type="search"
        name="q"
        maxLength={SEARCH_MAX_QUERY_LENGTH}
        placeholder={t.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        aria-keyshortcuts="/ Control+K Meta+K"
        onFocus={onActivate ? () => onActivate(false) : undefined}
        onPointerDown={onActivate ? () => onActivate(true) : undefined}
      />
      <button type="submit" className="search-submit">
        <span className="visually-hidden">{t.search}</span>
        <SearchIcon />
      </button>
    </Form>
  );
}

type Upgrade = { Box: ComponentType<HeaderSearchBoxProps>; props: HeaderSearchBoxProps };

/**
 * The header search box. It renders the plain form (identical on server and
 * client) and swaps in the interactive InstantSearch box on first focus or
 * pointer press; its code loads then, or earlier when the browser is idle.
 * What was typed before the swap, the focus and the caret carry over. On the
 * search page the page's own search box is the InstantSearch one (one root
 * per page), so the header stays a plain form there.
 */
export function HeaderSearch({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const onSearchPage = pathname === paths.search(locale);
  const inputRef = useRef<HTMLInputElement>(null);
  const [upgrade, setUpgrade] = useState<Upgrade | null>(null);
  const loading = useRef(false);
  useSearchShortcuts();
  useEffect(() => (onSearchPage ? undefined : preloadWhenIdle()), [onSearchPage]);

  const activate = (wantsFocus: boolean) => {
    if (upgrade || onSearchPage || loading.current) return;
    // flushSync: nothing can be typed between reading the input and replacing it.
    const swap = (Box: Upgrade['Box'], focus: boolean) =>
      flushSync(() => setUpgrade({ Box, props: { locale, handoff: readHandoff(inputRef.current, focus) } }));
    const Box = getLoadedHeaderSearchBox();
    if (Box) return swap(Box, wantsFocus);
    loading.current = true;
    loadHeaderSearchBox().then(
      (Loaded) => swap(Loaded, false),
      // The chunk failed to load: the plain form keeps working, and the next focus tries again.
      () => void (loading.current = false),
    );
  };

  if (upgrade && !onSearchPage) {
    return (
      <SearchErrorBoundary fallback={<HeaderSearchForm locale={locale} />}>
        <upgrade.Box {...upgrade.props} locale={locale} />
      </SearchErrorBoundary>
    );
  }
  return <HeaderSearchForm locale={locale} inputRef={inputRef} onActivate={activate} />;
}
