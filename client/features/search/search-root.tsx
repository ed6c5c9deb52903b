import { liteClient } from 'algoliasearch/lite';
import { useEffect, useState } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';
import aa, { LocalStorage } from 'search-insights';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { isTrackingAllowed } from '#client/features/insights/index.ts';
import { INSIGHTS_VIEW_BATCH_SIZE, SEARCH_STALLED_DELAY_MS } from '#shared/constants.ts';
import { SEARCH_QUERY_PARAMETERS, toIndexName } from '#shared/search.ts';

import { reportSearchClick, SearchAnalyticsReporter } from './search-analytics.tsx';

import type { InsightsClient, InsightsEvent, SearchClient, UiState } from 'instantsearch.js';
import type { InsightsProps } from 'instantsearch.js/es/middlewares/createInsightsMiddleware.js';
import type { ReactNode } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { PublicConfig } from '#shared/public-config.ts';

// Algolia Insights through our bundled search-insights (never InstantSearch's CDN script), with no cookie and no storage: the
// localStorage cache of clicked query IDs serves conversions, which we do not send. Nothing under Do-Not-Track or GPC.
LocalStorage.store = undefined;

export interface ViewEvent {
  index: string;
  eventName: string;
  objectIDs: string[];
}

/** (query, object) pairs remembered; a visitor rarely sees this many. */
const MAX_SEEN = 2000;

/**
 * Views in events of INSIGHTS_VIEW_BATCH_SIZE (Insights' limit per event), not one per render: full batches at once, a partial one after
 * `flushAfterMs` or on `flush()`. De-duplicated per `queryID`: re-rendering the same results, or paging back, sends nothing new.
 */
export function createViewBatcher(send: (view: ViewEvent) => void, { flushAfterMs = 5000 } = {}) {
  const seen = new Set<string>();
  const pending = new Map<string, ViewEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const sendBatches = (all: boolean) => {
    for (const [key, batch] of pending) {
      while (batch.objectIDs.length >= INSIGHTS_VIEW_BATCH_SIZE || (all && batch.objectIDs.length > 0)) {
        send({ ...batch, objectIDs: batch.objectIDs.splice(0, INSIGHTS_VIEW_BATCH_SIZE) });
      }
      if (batch.objectIDs.length === 0) pending.delete(key);
    }
    if (pending.size === 0 && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  };

  return {
    add(view: ViewEvent, queryID: string | undefined): void {
      const key = `${view.index}\n${view.eventName}`;
      const batch = pending.get(key) ?? { index: view.index, eventName: view.eventName, objectIDs: [] };
      for (const objectID of view.objectIDs) {
        const id = `${view.index}\n${queryID ?? ''}\n${objectID}`;
        if (seen.has(id)) continue;
        if (seen.size >= MAX_SEEN) seen.delete(seen.values().next().value as string);
        seen.add(id);
        batch.objectIDs.push(objectID);
      }
      if (batch.objectIDs.length > 0) pending.set(key, batch);
      sendBatches(false);
      if (pending.size > 0 && timer === undefined) timer = setTimeout(() => sendBatches(true), flushAfterMs);
    },
    flush: () => sendBatches(true),
  };
}

type LooseInsightsClient = (method: string, ...args: unknown[]) => unknown;

/** Analytics must never break search. */
function safely(client: LooseInsightsClient): LooseInsightsClient {
  return (method, ...args) => {
    try {
      const result = client(method, ...args);
      if (result instanceof Promise) result.catch(() => undefined);
      return result;
    } catch {
      return undefined;
    }
  };
}

const send = safely(aa as unknown as LooseInsightsClient);
const isTelemetry = (events: unknown) =>
  Array.isArray(events) && events.some((event) => (event as { eventType?: string } | null)?.eventType === 'instantsearch');
const insightsClient = Object.assign(
  (method: string, ...args: unknown[]) => (method === 'sendEvents' && isTelemetry(args[0]) ? undefined : send(method, ...args)),
  {
    version: aa.version,
  },
) as unknown as InsightsClient;

let credentialed: LooseInsightsClient = send;
const batcher = createViewBatcher((view) => void credentialed('viewedObjectIDs', view));
let listening = false;

function onEvent(event: InsightsEvent, client: InsightsClient | null | undefined): void {
  if (!event.insightsMethod || !client) return;
  credentialed = safely(client as unknown as LooseInsightsClient);
  if (event.insightsMethod !== 'viewedObjectIDs') {
    // Opening a hit is a client navigation (no pagehide): the views it came from go first, while the page is alive.
    batcher.flush();
    reportSearchClick(event);
    return void credentialed(event.insightsMethod, event.payload);
  }
  const { index, eventName, objectIDs } = event.payload as unknown as ViewEvent;
  batcher.add({ index, eventName, objectIDs }, event.hits?.[0]?.__queryID);
}

function createSearchInsights(algolia: PublicConfig['algolia']): InsightsProps | false {
  if (typeof window === 'undefined' || !isTrackingAllowed()) return false;
  if (!listening) {
    listening = true;
    // pagehide and a hidden tab are the last reliable moments; search-insights sends with sendBeacon.
    window.addEventListener('pagehide', () => batcher.flush());
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && batcher.flush());
  }
  return {
    insightsClient,
    insightsInitParams: { useCookie: false, anonymousUserToken: true, ...(algolia.embedded ? { host: window.location.origin } : {}) },
    onEvent,
  };
}

/** On our own origin in embedded mode, else Algolia's hosts. */
export function createSearchClient(algolia: PublicConfig['algolia'], origin: string) {
  if (!algolia.embedded) return liteClient(algolia.appId, algolia.searchKey);
  const { host, protocol } = new URL(origin);
  const hosts = [{ url: host, protocol: protocol === 'http:' ? 'http' : 'https', accept: 'read' } as const];
  // Algolia's 1 s / 2 s timeouts assume several hosts to fail over to; with one host a slow answer would fail the search.
  return liteClient(algolia.appId, algolia.searchKey, { hosts, timeouts: { connect: 4000, read: 8000, write: 30_000 } });
}

interface SearchRequest {
  indexName: string;
  params?: { query?: string; hitsPerPage?: number } & Record<string, unknown>;
}

/** The header box shows nothing for an empty query, so those searches are answered here without a request. */
export function skipEmptyQueries(client: ReturnType<typeof liteClient>): SearchClient {
  const search = (requests: SearchRequest[]) => {
    if (!Array.isArray(requests) || requests.length === 0 || requests.some((request) => request.params?.query?.trim())) return client.search(requests);
    const empty = { hits: [], nbHits: 0, page: 0, nbPages: 0, exhaustiveNbHits: true, query: '', params: '', processingTimeMS: 0 };
    return Promise.resolve({ results: requests.map((request) => ({ ...empty, hitsPerPage: request.params?.hitsPerPage ?? 0, index: request.indexName })) });
  };
  return { ...client, search } as unknown as SearchClient;
}

/** The one InstantSearch root of the header box and the search page; `preserveSharedStateOnUnmount` is InstantSearch's next major. */
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
  useEffect(() => () => batcher.flush(), []);
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
      <SearchAnalyticsReporter locale={props.locale} />
      {props.children}
    </InstantSearch>
  );
}
