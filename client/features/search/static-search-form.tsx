import { SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';
import { paths } from '#shared/urls.ts';

import { getSearchLabels } from './labels.ts';
import { PAGE_SEARCH_INPUT_ID } from './use-search-shortcuts.ts';

import type { Locale } from '#shared/content/types.ts';

/**
 * The search page when there are no results to show: the server could not
 * search, or the search widgets failed. A plain GET form, so trying again
 * always works.
 */
export function StaticSearchForm({ locale, query, message }: { locale: Locale; query: string; message?: string }) {
  const labels = getSearchLabels(locale);
  return (
    <>
      <form role="search" aria-label={labels.pageSearch} method="get" action={paths.search(locale)} className="search-page-form">
        <label htmlFor={PAGE_SEARCH_INPUT_ID} className="visually-hidden">
          {labels.inputLabel}
        </label>
        <input
          id={PAGE_SEARCH_INPUT_ID}
          className="search-input"
          type="search"
          name="q"
          maxLength={SEARCH_MAX_QUERY_LENGTH}
          defaultValue={query}
          placeholder={labels.placeholder}
          autoComplete="off"
        />
        <button type="submit">{labels.search}</button>
      </form>
      {message ? (
        <p className="search-status" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}
