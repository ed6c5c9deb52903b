import { connectConfigure, connectHits, connectPagination, connectRefinementList, connectSearchBox } from 'instantsearch.js/es/connectors/index.js';
import instantsearch from 'instantsearch.js/es/index.js';
import { getInitialResults, waitForResults } from 'instantsearch.js/es/lib/server.js';

import { SEARCH_FACET_LIMIT, SEARCH_FACETS, SEARCH_QUERY_PARAMETERS, toSearchUiState } from '#shared/search.ts';

import type { InitialResults, SearchClient } from 'instantsearch.js';
import type { SearchPageParams } from '#shared/search.ts';

const noop = () => {};

/**
 * The search page's InstantSearch widgets, headless: the same connectors
 * with the same parameters as client/features/search (search box, configure,
 * one refinement list per facet, pagination, hits), so the requests and the
 * helper state are exactly those the browser would build.
 */
function createPageWidgets() {
  return [
    connectConfigure(noop)({ searchParameters: SEARCH_QUERY_PARAMETERS }),
    connectSearchBox(noop)({}),
    ...SEARCH_FACETS.map((attribute) => connectRefinementList(noop)({ attribute, limit: SEARCH_FACET_LIMIT })),
    connectPagination(noop)({}),
    connectHits(noop)({}),
  ];
}

/**
 * Runs the search page's first search on the server and returns it as
 * InstantSearch's initial results (`{ [indexName]: { state, results,
 * requestParams } }`), what `getServerState` produces, without rendering
 * React twice. The browser hands them to `<InstantSearchSSRProvider>`, so the
 * server-rendered page hydrates without a search request.
 */
export async function loadSearchPageResults(searchClient: SearchClient, indexName: string, params: SearchPageParams): Promise<InitialResults> {
  const search = instantsearch({ indexName, searchClient, initialUiState: { [indexName]: toSearchUiState(params) } });
  search.addWidgets(createPageWidgets());
  search.start();
  // start() schedules a search for the next tick; waitForResults runs it now, once.
  search.scheduleSearch.cancel();
  try {
    const requestParams = await waitForResults(search);
    return getInitialResults(search.mainIndex, requestParams);
  } finally {
    search.dispose();
  }
}
