import { SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';
import { paths } from '#shared/urls.ts';

import { PAGE_SEARCH_INPUT_ID } from '../use-search-shortcuts.ts';

import type { Locale } from '#shared/content/types.ts';
import type { SearchLabels } from '../labels.ts';

export const SEARCH_PAGE_FORM_ID = 'search-page-form';

/**
 * The search page's box (its value lives in the page layout, which also
 * retries with it). Without JavaScript it is a GET form whose facet
 * checkboxes join through their `form` attribute, so the server renders
 * every combination.
 */
export function PageSearchBox({
  locale,
  labels,
  value,
  onChange,
  onSubmit,
}: {
  locale: Locale;
  labels: SearchLabels;
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
}) {
  return (
    <form
      id={SEARCH_PAGE_FORM_ID}
      role="search"
      aria-label={labels.pageSearch}
      method="get"
      action={paths.search(locale)}
      className="search-page-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={PAGE_SEARCH_INPUT_ID} className="visually-hidden">
        {labels.inputLabel}
      </label>
      <input
        id={PAGE_SEARCH_INPUT_ID}
        className="search-input"
        type="search"
        name="q"
        maxLength={SEARCH_MAX_QUERY_LENGTH}
        placeholder={labels.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit">{labels.search}</button>
    </form>
  );
}
