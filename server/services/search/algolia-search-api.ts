import { liteClient } from 'algoliasearch/lite';

import { recordDependencies } from '#server/services/content/dependency-tracker.ts';
import { ALL_TAGS_DEPENDENCY } from '#server/services/content/metadata-reads.ts';
import { SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';
import { toIndexName } from '#shared/search.ts';

import { loadSearchPageResults } from './algolia-page-results.ts';
import { parseQuery } from './embedded/query-params.ts';

import type { SearchClient } from 'instantsearch.js';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { EmbeddedSearchEngine } from './embedded/engine.ts';

/**
 * A search client that answers from the embedded engine in process, with the
 * same parameter parsing and limits as its HTTP edge: the server needs no
 * loopback request to render the search page.
 */
export function createInProcessSearchClient(engine: EmbeddedSearchEngine): SearchClient {
  const search = async (requests: unknown) => {
    const list = Array.isArray(requests) ? requests : ((requests as { requests?: unknown[] } | null)?.requests ?? []);
    return { results: list.map((request) => engine.search(parseQuery(request, SEARCH_MAX_QUERY_LENGTH))) };
  };
  return { search } as unknown as SearchClient;
}

/** The lite client the server uses against Algolia, with the search-only key (like the browser). */
export function createAlgoliaServerClient(appId: string, searchKey: string, options?: Parameters<typeof liteClient>[2]): SearchClient {
  return liteClient(appId, searchKey, options) as unknown as SearchClient;
}

/**
 * Every search record comes from one of these content types and carries its
 * entry's tag names (hits and the tag facet show them), so a change to any of
 * them may change a results page. Records carry no categories.
 */
const SEARCHED_CONTENT = ['type:article', 'type:model', 'type:page', ALL_TAGS_DEPENDENCY];

/**
 * The server side of the search page (`searchContext`): InstantSearch's
 * initial results for the locale's index. It records the searched content
 * types and the hits' entries as page dependencies, so the page cache drops a
 * results page when the content behind it changes.
 */
export function createSearchApi(options: { searchClient: SearchClient; indexPrefix: string }): SearchApi {
  return {
    async getSearchPageResults(params) {
      const indexName = toIndexName(options.indexPrefix, params.locale);
      const results = await loadSearchPageResults(options.searchClient, indexName, params);
      const hits = results[indexName]?.results?.[0]?.hits ?? [];
      recordDependencies([...SEARCHED_CONTENT, ...hits.flatMap((hit) => (typeof hit.entryId === 'string' ? [hit.entryId] : []))]);
      return results;
    },
  };
}
