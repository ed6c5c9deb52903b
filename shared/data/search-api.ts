import type { InitialResults } from 'instantsearch.js';
import type { Locale } from '#shared/content/types.ts';
import type { SearchPageParams } from '#shared/search.ts';

export type SearchInitialResults = InitialResults;

/** What the search page's widgets would fetch, so it hydrates without a request. */
export interface SearchApi {
  getSearchPageResults(params: SearchPageParams & { locale: Locale }, options?: { signal?: AbortSignal }): Promise<SearchInitialResults>;
}
