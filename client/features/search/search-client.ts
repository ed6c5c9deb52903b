import { liteClient } from 'algoliasearch/lite';

import type { SearchClient } from 'instantsearch.js';
import type { PublicConfig } from '#shared/public-config.ts';

/** Opt in to InstantSearch's next-major behaviour now: widget state survives a widget unmounting. */
export const INSTANTSEARCH_FUTURE = { preserveSharedStateOnUnmount: true };

const EMBEDDED_TIMEOUTS = { connect: 4000, read: 8000, write: 30_000 };

type LiteClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;
export type SearchHosts = NonNullable<LiteClientOptions['hosts']>;

/**
 * The browser's `algoliasearch/lite` client with the search-only key from
 * `publicConfig()`. Embedded mode: our own origin is its only host (the
 * engine answers Algolia's REST API there); production: Algolia's default
 * hosts. `hosts` overrides both (tests point it at a fake Algolia).
 */
export function createSearchClient(algolia: PublicConfig['algolia'], origin: string, hosts?: SearchHosts) {
  const url = new URL(origin);
  const ownOrigin: SearchHosts = [{ url: url.host, protocol: url.protocol === 'http:' ? 'http' : 'https', accept: 'read' }];
  const chosen = hosts ?? (algolia.embedded ? ownOrigin : undefined);
  // Algolia's 1 s / 2 s timeouts assume several hosts to fail over to; with our origin as the only host a
  // slow answer would fail the search outright, so it gets longer (the stalled spinner shows meanwhile).
  return liteClient(algolia.appId, algolia.searchKey, chosen ? { hosts: chosen, ...(algolia.embedded ? { timeouts: EMBEDDED_TIMEOUTS } : {}) } : {});
}

interface SearchRequest {
  indexName: string;
  params?: { query?: string; hitsPerPage?: number } & Record<string, unknown>;
}

/**
 * The header box shows nothing for an empty query, so such searches are
 * answered here, without a request (InstantSearch searches on mount and when
 * the box is cleared). Everything else goes to `client`, whose other
 * properties (app id, key, user agents, cache) stay visible to InstantSearch.
 */
export function skipEmptyQueries(client: ReturnType<typeof liteClient>): SearchClient {
  const search = (requests: SearchRequest[]) => {
    if (Array.isArray(requests) && requests.length > 0 && requests.every((request) => !request.params?.query?.trim())) {
      return Promise.resolve({ results: requests.map((request) => emptyResult(request)) });
    }
    return client.search(requests);
  };
  return { ...client, search } as unknown as SearchClient;
}

function emptyResult(request: SearchRequest) {
  return {
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage: request.params?.hitsPerPage ?? 0,
    exhaustiveNbHits: true,
    query: '',
    params: '',
    index: request.indexName,
    processingTimeMS: 0,
  };
}
