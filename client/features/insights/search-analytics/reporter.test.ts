import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { searchAnalyticsBatchSchema } from '#shared/insights.ts';

import { createSearchAnalytics } from './reporter.ts';
import { createSearchSession } from './session.ts';

import type { SearchAnalyticsEvent } from '#shared/insights.ts';
import type { SearchSeen } from './reporter.ts';

const basePath = '/_insights';
const endpoint = `${basePath}/search-insights/events`;
const id = (n: number) => n.toString(16).padStart(32, 'a');
const seen = (n: number, query: string, hits = 4): SearchSeen => ({ locale: 'en-US', query, hits, queryID: id(n) });

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

/** A reporter on `storage` (a tab session) whose batches are parsed with the collector's own schema, so the two cannot drift. */
function start(storage = memoryStorage()) {
  const transport = vi.fn();
  const analytics = createSearchAnalytics({ basePath, transport, session: createSearchSession(storage) });
  const batches = () =>
    transport.mock.calls.map(([url, body]) => {
      expect(url).toBe(endpoint);
      return searchAnalyticsBatchSchema.parse(JSON.parse(body as string)).events as SearchAnalyticsEvent[];
    });
  return { analytics, transport, batches, storage };
}

describe('createSearchAnalytics', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts a search-as-you-type burst once, as the query the visitor settled on', () => {
    const { analytics, batches } = start();

    ['L', 'La', 'Lam', 'Lamp '].forEach((query, n) => {
      analytics.results(seen(n, query));
      vi.advanceTimersByTime(400);
    });
    vi.advanceTimersByTime(30_000);
    analytics.flush();

    expect(batches()).toEqual([[{ type: 'search', locale: 'en-US', query: 'lamp', hits: 4, queryID: id(3) }]]);
  });

  it('settles a search when the next answer starts another one, and treats a fixed typo as the same search', () => {
    const { analytics, batches } = start();

    analytics.results(seen(1, 'lamp'));
    analytics.results(seen(2, 'chair'));
    analytics.results(seen(3, 'chairz'));
    analytics.results(seen(4, 'chairs'));
    analytics.flush();

    expect(
      batches()
        .flat()
        .map((event) => event.type === 'search' && event.query),
    ).toEqual(['lamp', 'chairs']);
  });

  it('sends a click at once, after the search it came from, and ignores clicks on searches it never saw', () => {
    const { analytics, batches } = start();

    analytics.results(seen(1, 'desk', 0));
    analytics.results(seen(1, 'desk', 0));
    analytics.results({ ...seen(2, 'lamp'), queryID: '' });
    analytics.results(seen(3, '   '));
    analytics.results(seen(4, 'lamp'));
    analytics.click(id(9), 1);
    analytics.click(id(4), 2, '/models/desk-lamp');

    expect(batches()).toEqual([
      [
        { type: 'search', locale: 'en-US', query: 'desk', hits: 0, queryID: id(1) },
        { type: 'search', locale: 'en-US', query: 'lamp', hits: 4, queryID: id(4) },
        { type: 'search-click', queryID: id(4), position: 2 },
      ],
    ]);
  });

  it('counts a query once per tab session: a repeat on a later page sends nothing, and its clicks join the first search', () => {
    const storage = memoryStorage();
    const first = start(storage);
    first.analytics.results(seen(1, 'lamp'));
    first.analytics.flush();

    const later = start(storage);
    later.analytics.results(seen(2, 'LAMP'));
    later.analytics.results(seen(3, 'lamp'));
    later.analytics.click(id(3), 1);
    const otherTab = start();
    otherTab.analytics.results(seen(4, 'lamp'));
    otherTab.analytics.flush();

    expect(first.batches()).toEqual([[expect.objectContaining({ type: 'search', queryID: id(1) })]]);
    expect(later.batches()).toEqual([[{ type: 'search-click', queryID: id(1), position: 1 }]]);
    expect(otherTab.batches()).toEqual([[expect.objectContaining({ type: 'search', queryID: id(4) })]]);
  });

  it('sends what waits when the page is hidden, in batches of at most 20', () => {
    const { analytics, batches } = start();

    for (let n = 0; n < 25; n += 1) analytics.results(seen(n, `query ${'x'.repeat(n)} ${n}`));
    window.dispatchEvent(new Event('pagehide'));

    expect(batches().map((batch) => batch.length)).toEqual([20, 5]);
  });

  it('works on when session storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const { analytics, batches } = start(blocked);

    analytics.results(seen(1, 'lamp'));
    analytics.click(id(1), 3);

    expect(batches()).toEqual([[expect.objectContaining({ type: 'search' }), { type: 'search-click', queryID: id(1), position: 3 }]]);
  });
});
