import { liteClient } from 'algoliasearch/lite';

import { recordDependencies } from '#server/services/content/dependencies.ts';
import { ALL_TAGS_DEPENDENCY } from '#server/services/content/taxonomy.ts';
import { SEARCH_FACET_LIMIT, SEARCH_FACETS, SEARCH_QUERY_PARAMETERS, toIndexName, toSearchUiState } from '#shared/search.ts';

import type { InitialResults, SearchClient } from 'instantsearch.js';
import type { SearchApi } from '#shared/data/search-api.ts';
import type { SearchPageParams } from '#shared/search.ts';

const noop = () => {};

/** InstantSearch (~6 MB of heap) loads with the first search page a process renders, not at start (ADR 055). */
const importInstantSearch = () =>
  Promise.all([import('instantsearch.js/es/connectors/index.js'), import('instantsearch.js/es/index.js'), import('instantsearch.js/es/lib/server.js')]);
let instantSearchModules: ReturnType<typeof importInstantSearch> | undefined;
const loadInstantSearch = () => (instantSearchModules ??= importInstantSearch());

export function createAlgoliaServerClient(appId: string, searchKey: string): SearchClient {
  return liteClient(appId, searchKey) as unknown as SearchClient;
}

/** With the browser's connectors and parameters, so the browser hydrates from the results without a request. */
async function loadSearchPageResults(searchClient: SearchClient, indexName: string, params: SearchPageParams): Promise<InitialResults> {
  const [{ connectConfigure, connectHits, connectPagination, connectRefinementList, connectSearchBox }, { default: instantsearch }, server] =
    await loadInstantSearch();
  const { getInitialResults, waitForResults } = server;
  const search = instantsearch({ indexName, searchClient, initialUiState: { [indexName]: toSearchUiState(params) } });
  search.addWidgets([
    connectConfigure(noop)({ searchParameters: SEARCH_QUERY_PARAMETERS }),
    connectSearchBox(noop)({}),
    ...SEARCH_FACETS.map((attribute) => connectRefinementList(noop)({ attribute, limit: SEARCH_FACET_LIMIT })),
    connectPagination(noop)({}),
    connectHits(noop)({}),
  ]);
  search.start();
  // start() schedules a search for the next tick; waitForResults runs it now, once.
  search.scheduleSearch.cancel();
  try {
    return getInitialResults(search.mainIndex, await waitForResults(search));
  } finally {
    search.dispose();
  }
}

/** Records come from these content types and carry their entry's tag names, so a change to any may change a results page. */
const SEARCHED_CONTENT = ['type:article', 'type:model', 'type:page', ALL_TAGS_DEPENDENCY];

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
