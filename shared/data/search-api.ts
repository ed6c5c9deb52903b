import type { InitialResults } from 'instantsearch.js';
import type { Locale } from '#shared/content/types.ts';
import type { SearchPageParams } from '#shared/search.ts';

/** InstantSearch's initial results (per index id: the helper state and the raw responses), as JSON. */
export type SearchInitialResults = InitialResults;

/**
 * What the search page loader asks of the server: the results the page's InstantSearch widgets would have fetched for these URL parameters, so the page is
 * server-rendered and InstantSearch hydrates without a request. Implemented in server/services/search (embedded engine in process, or Algolia with the
 * search-only key); loaders read it from the router context.
 */
export interface SearchApi {
  getSearchPageResults(params: SearchPageParams & { locale: Locale }, options?: { signal?: AbortSignal }): Promise<SearchInitialResults>;
}
