import aa, { LocalStorage } from 'search-insights';

import { isTrackingAllowed } from '#client/features/insights/index.ts';

import { createViewBatcher } from './view-batcher.ts';

import type { InsightsClient, InsightsEvent } from 'instantsearch.js';
import type { InsightsProps } from 'instantsearch.js/es/middlewares/createInsightsMiddleware.js';
import type { PublicConfig } from '#shared/public-config.ts';
import type { ViewEvent } from './view-batcher.ts';

/**
 * Algolia Insights for InstantSearch, with our own bundled search-insights (never the CDN script InstantSearch would otherwise inject):
 * - no cookie and no storage: an anonymous token in memory for the page's life; search-insights' localStorage cache of clicked query IDs (used to attribute
 * conversions, which we do not send) is switched off;
 * - embedded mode posts events to our own origin (`POST /1/events`);
 * - click events go at once with their `queryID` and position, views in batches of 20, de-duplicated per query (view-batcher.ts);
 * - InstantSearch's own usage telemetry (`eventType: 'instantsearch'`) is dropped;
 * - nothing at all for visitors who send Do-Not-Track or Global Privacy Control.
 */

LocalStorage.store = undefined;

type LooseInsightsClient = (method: string, ...args: unknown[]) => unknown;

/** Analytics must never break search: a throw or a failed request (offline, blocked) is dropped. */
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
/** search-insights without InstantSearch's usage events. */
const insightsClient = Object.assign(
  (method: string, ...args: unknown[]) => {
    const events = args[0];
    if (method === 'sendEvents' && Array.isArray(events) && events.some((event) => (event as { eventType?: string } | null)?.eventType === 'instantsearch'))
      return undefined;
    return send(method, ...args);
  },
  { version: aa.version },
) as unknown as InsightsClient;

let credentialed: LooseInsightsClient = send;
const batcher = createViewBatcher((view: ViewEvent) => void credentialed('viewedObjectIDs', view));
let listening = false;

function flushWhenHidden(): void {
  if (listening) return;
  listening = true;
  // pagehide and a hidden tab are the last reliable moments; search-insights sends with sendBeacon.
  window.addEventListener('pagehide', () => batcher.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batcher.flush();
  });
}

function onEvent(event: InsightsEvent, client: InsightsClient | null | undefined): void {
  if (!event.insightsMethod || !client) return;
  credentialed = safely(client as unknown as LooseInsightsClient);
  if (event.insightsMethod === 'viewedObjectIDs') {
    const payload = event.payload as unknown as ViewEvent;
    batcher.add({ index: payload.index, eventName: payload.eventName, objectIDs: payload.objectIDs }, event.hits?.[0]?.__queryID);
    return;
  }
  credentialed(event.insightsMethod, event.payload);
}

/** The `insights` option of an `<InstantSearch>` root, or `false` when the visitor opted out (or on the server, where there is nothing to send). */
export function createSearchInsights(algolia: PublicConfig['algolia']): InsightsProps | false {
  if (typeof window === 'undefined' || !isTrackingAllowed()) return false;
  flushWhenHidden();
  return {
    insightsClient,
    insightsInitParams: { useCookie: false, anonymousUserToken: true, ...(algolia.embedded ? { host: window.location.origin } : {}) },
    onEvent,
  };
}

/** Sends pending view events now (an InstantSearch root is going away). */
export function flushSearchInsights(): void {
  batcher.flush();
}
