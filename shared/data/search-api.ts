import type { InitialResults } from 'instantsearch.js';
import type { Locale } from '#shared/content/types.ts';
import type { SearchPageParams } from '#shared/search.ts';

/** InstantSearch's initial results (per index id: the helper state and the raw responses), as JSON. */
export type SearchInitialResults = InitialResults;

/** The results the search page's widgets would fetch, so it renders on the server and hydrates without a request (server/services/search/search-api.ts). */
export interface SearchApi {
  getSearchPageResults(params: SearchPageParams & { locale: Locale }, options?: { signal?: AbortSignal }): Promise<SearchInitialResults>;
}
