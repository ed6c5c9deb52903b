import { normalizeSearchQuery } from '#shared/search.ts';

import { createBeaconQueue } from '../beacon/beacon-queue.ts';
import { rememberOpenedHit } from './opened.ts';
import { createSearchSession } from './session.ts';

import type { SearchAnalyticsEvent } from '#shared/insights.ts';
import type { Transport } from '../beacon/transport.ts';
import type { SearchSession } from './session.ts';

export interface SearchSeen {
  locale: string;
  query: string;
  hits: number;
  queryID: string;
}

/** The window Algolia's analytics aggregate a typing burst in. */
const SETTLE_AFTER_MS = 30_000;

/**
 * An answer that continues the pending search ("l", "la", "lam": a prefix either way, or one edit, within 30 s) replaces it.
 * A settled search is sent once per tab session (session.ts).
 */
export function createSearchAnalytics(options: { basePath: string; transport?: Transport; session?: SearchSession }) {
  const endpoint = `${options.basePath}/search-insights/events`;
  const session = options.session ?? createSearchSession();
  let pending: (SearchSeen & { at: number }) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Before the queue's own listeners: on hide, the pending search is settled first and goes in the same beacon.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('pagehide', () => flush());
  const queue = createBeaconQueue<SearchAnalyticsEvent>({ endpoint, transport: options.transport });

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
    /** The same answer again (a re-render) changes nothing. */
    results(seen: SearchSeen): void {
      const query = normalizeSearchQuery(seen.query);
      if (!query || !seen.queryID || (pending?.queryID === seen.queryID && pending.query === query)) return;
      const next = { ...seen, query, at: Date.now() };
      if (pending && !continues(pending, next)) settle();
      pending = next;
      clearTimeout(timer);
      timer = setTimeout(settle, SETTLE_AFTER_MS);
    },
    /** `path` is where the hit leads, for a later conversion. */
    click(queryID: string, position: number, path?: string): void {
      if (pending?.queryID === queryID) settle();
      const counted = session.resolve(queryID);
      if (!counted) return;
      queue.add({ type: 'search-click', queryID: counted, position });
      if (path) rememberOpenedHit({ path, queryID: counted, endpoint });
      // Opening a hit is a client navigation (no pagehide): send while the page is alive.
      queue.flush();
    },
    flush,
  };
}

export type SearchAnalytics = ReturnType<typeof createSearchAnalytics>;

function continues(previous: SearchSeen & { at: number }, next: SearchSeen & { at: number }): boolean {
  if (previous.locale !== next.locale || next.at - previous.at > SETTLE_AFTER_MS) return false;
  const [a, b] = [previous.query, next.query];
  return a.startsWith(b) || b.startsWith(a) || isOneEditApart(a, b);
}

function isOneEditApart(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  const skip = short.length === long.length ? 1 : 0;
  return short.slice(i + skip) === long.slice(i + 1);
}
