import { liteClient } from 'algoliasearch/lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { SEARCH_STALLED_DELAY_MS } from '#shared/constants.ts';
import { SEARCH_QUERY_PARAMETERS, toIndexName } from '#shared/search.ts';

import { createSearchInsights, flushSearchInsights } from './search-insights.ts';

import type { SearchClient, UiState } from 'instantsearch.js';
import type { ReactNode } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { PublicConfig } from '#shared/public-config.ts';

const EMBEDDED_TIMEOUTS = { connect: 4000, read: 8000, write: 30_000 };

type SearchHosts = NonNullable<NonNullable<Parameters<typeof liteClient>[2]>['hosts']>;

/** The lite client with the search-only key: on our own origin in embedded mode, else Algolia's hosts; `hosts` overrides both (tests' fake Algolia). */
export function createSearchClient(algolia: PublicConfig['algolia'], origin: string, hosts?: SearchHosts) {
  const url = new URL(origin);
  const ownOrigin: SearchHosts = [{ url: url.host, protocol: url.protocol === 'http:' ? 'http' : 'https', accept: 'read' }];
  const chosen = hosts ?? (algolia.embedded ? ownOrigin : undefined);
  // Algolia's 1 s / 2 s timeouts assume several hosts to fail over to; with one host a slow answer would fail the search.
  return liteClient(algolia.appId, algolia.searchKey, chosen ? { hosts: chosen, ...(algolia.embedded ? { timeouts: EMBEDDED_TIMEOUTS } : {}) } : {});
}

interface SearchRequest {
  indexName: string;
  params?: { query?: string; hitsPerPage?: number } & Record<string, unknown>;
}

/** The header box shows nothing for an empty query, so those searches (on mount, when cleared) are answered here without a request. */
export function skipEmptyQueries(client: ReturnType<typeof liteClient>): SearchClient {
  const search = (requests: SearchRequest[]) => {
    if (!Array.isArray(requests) || requests.length === 0 || requests.some((request) => request.params?.query?.trim())) return client.search(requests);
    const empty = { hits: [], nbHits: 0, page: 0, nbPages: 0, exhaustiveNbHits: true, query: '', params: '', processingTimeMS: 0 };
    return Promise.resolve({ results: requests.map((request) => ({ ...empty, hitsPerPage: request.params?.hitsPerPage ?? 0, index: request.indexName })) });
  };
  return { ...client, search } as unknown as SearchClient;
}

/**
 * The one InstantSearch root (header box and search page): the locale's index, the shared query parameters, a stalled state after 300 ms, Insights through
 * our bundled client, and widget state kept when a widget unmounts (InstantSearch's next major).
 */
export function SearchRoot(props: {
  locale: Locale;
  createClient: (algolia: PublicConfig['algolia']) => SearchClient;
  uiState: () => UiState[string];
  children: ReactNode;
}) {
  const { algolia } = usePublicConfig();
  const indexName = toIndexName(algolia.indexPrefix, props.locale);
  const [searchClient] = useState(() => props.createClient(algolia));
  const [insights] = useState(() => createSearchInsights(algolia));
  const [initialUiState] = useState(() => ({ [indexName]: props.uiState() }));
  useEffect(() => flushSearchInsights, []);
  return (
    <InstantSearch
      indexName={indexName}
      searchClient={searchClient}
      initialUiState={initialUiState}
      stalledSearchDelay={SEARCH_STALLED_DELAY_MS}
      insights={insights}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure {...SEARCH_QUERY_PARAMETERS} />
      {props.children}
    </InstantSearch>
  );
}

/**
 * A stable SearchBox `queryHook` that sends the latest query once typing pauses for 150 ms. InstantSearch still discards any answer older than one already
 * shown, so a slow early response never replaces a newer one.
 */
export function useDebouncedQueryHook(): (query: string, search: (value: string) => void) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((query: string, search: (value: string) => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(query), 150);
  }, []);
}
