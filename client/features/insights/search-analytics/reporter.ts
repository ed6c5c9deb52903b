import { normalizeSearchQuery } from '#shared/search.ts';

import { createBeaconQueue } from '../beacon/beacon-queue.ts';
import { rememberOpenedHit } from './opened.ts';
import { createSearchSession } from './session.ts';

import type { SearchAnalyticsEvent } from '#shared/insights.ts';
import type { Transport } from '../beacon/transport.ts';
import type { SearchSession } from './session.ts';

/** One answered search as the page showed it. */
export interface SearchSeen {
  locale: string;
  query: string;
  /** The result count (`nbHits`). */
  hits: number;
  queryID: string;
}

/** Under INSIGHTS_BASE_PATH, next to the scripts' endpoints (page.ts); sent from the search code, not from a script of its own. */
export const SEARCH_INSIGHTS_EVENTS = '/search-insights/events';

export interface SearchAnalyticsOptions {
  /** INSIGHTS_BASE_PATH of our own collector: events go to `<basePath>/search-insights/events`. */
  basePath: string;
  transport?: Transport;
  session?: SearchSession;
  now?: () => number;
  /** A search with no follow-up for this long is settled. Default 30 s, the window Algolia's analytics aggregate a typing burst in. */
  settleAfterMs?: number;
  /** The beacon queue's delay for a partial batch. Default 5 s. */
  flushAfterMs?: number;
}

/** Events in batches of 20, like the page views (the collector takes 25). */
const MAX_BATCH = 20;

/**
 * Search analytics for our own collector, whichever search backend answers (docs/decisions/067-search-analytics.md). Every answer
 * replaces the pending search while it continues it (a prefix either way, or one edit, within 30 s: the search-as-you-type
 * burst "l", "la", "lam", "lamp" is one search); the pending search is settled by an answer that does not continue it, a
 * click on its results, 30 s of quiet, or the page going away. A settled search is sent once per tab session (session.ts).
 */
export function createSearchAnalytics(options: SearchAnalyticsOptions) {
  const { now = Date.now, settleAfterMs = 30_000 } = options;
  const endpoint = `${options.basePath}${SEARCH_INSIGHTS_EVENTS}`;
  const session = options.session ?? createSearchSession();
  let pending: (SearchSeen & { at: number }) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Before the queue's own listeners: on hide, the pending search is settled first and goes in the same beacon.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('pagehide', () => flush());
  const queue = createBeaconQueue<SearchAnalyticsEvent>({ endpoint, maxBatch: MAX_BATCH, flushAfterMs: options.flushAfterMs, transport: options.transport });

  function settle(): void {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const { locale, query, hits, queryID } = pending;
    pending = undefined;
    const { counted, isNew } = session.count(locale, query, queryID);
    if (isNew) queue.add({ type: 'search', locale, query, hits, queryID: counted });
  }

  function flush(): void {
    settle();
    queue.flush();
  }

  return {
    /** Each answer the page shows; the same answer again (a re-render) changes nothing. */
    results(seen: SearchSeen): void {
      const query = normalizeSearchQuery(seen.query);
      if (!query || !seen.queryID || (pending?.queryID === seen.queryID && pending.query === query)) return;
      const next = { ...seen, query, at: now() };
      if (pending && !continues(pending, next, settleAfterMs)) settle();
      pending = next;
      clearTimeout(timer);
      timer = setTimeout(settle, settleAfterMs);
    },
    /** A hit opened at `position` from the results of `queryID`; `path` is where it leads (for a later conversion). Sent at once. */
    click(queryID: string, position: number, path?: string): void {
      if (pending?.queryID === queryID) settle();
      const counted = session.resolve(queryID);
      if (!counted) return;
      queue.add({ type: 'search-click', queryID: counted, position });
      if (path) rememberOpenedHit({ path, queryID: counted, endpoint });
      // Opening a hit is a client navigation (no pagehide): send while the page is alive.
      queue.flush();
    },
    /** Settles the pending search and sends what waits (a search root unmounts). */
    flush,
  };
}

export type SearchAnalytics = ReturnType<typeof createSearchAnalytics>;

/** `next` refines `previous` rather than starting another search: same locale, soon after, and a prefix either way or one edit apart. */
function continues(previous: SearchSeen & { at: number }, next: SearchSeen & { at: number }, withinMs: number): boolean {
  if (previous.locale !== next.locale || next.at - previous.at > withinMs) return false;
  const [a, b] = [previous.query, next.query];
  return a.startsWith(b) || b.startsWith(a) || isOneEditApart(a, b);
}

/** One insertion, deletion or substitution (a typo fixed while typing). */
function isOneEditApart(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  const skip = short.length === long.length ? 1 : 0;
  return short.slice(i + skip) === long.slice(i + 1);
}
