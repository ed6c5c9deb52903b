import { describe, expect, it } from 'vitest';

import { HISTOGRAM_RELATIVE_ERROR } from '../histogram.ts';
import { OTHER_ROUTE, UNKNOWN_ROUTE } from '../window-summary.ts';

import type { PageViewEvent, VitalEvent } from '../event-schema.ts';
import type { InsightsStore } from './insights-store.ts';
import type { TestStoreOptions } from './test-store.ts';

/**
 * The behaviour every insights store backend must show, run by the SQLite
 * and the PostgreSQL test files against real databases (test support, not a
 * test file itself). `open` builds a store on the backend's database; the
 * database is emptied before each test by the caller.
 */
export interface StoreBackend {
  open(options?: Omit<TestStoreOptions, 'file' | 'url'>): InsightsStore;
}

export const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const view = (route: string | null, path = '/x'): PageViewEvent => ({
  type: 'pageview',
  route,
  path,
  locale: 'en',
  referrer: null,
  viewport: 'desktop',
  navigation: 'load',
});
export const vital = (route: string, name: VitalEvent['name'], value: number): VitalEvent => ({
  type: 'vital',
  name,
  value,
  rating: 'good',
  id: 'v5-1',
  route,
  path: '/x',
  viewport: 'desktop',
  navigationType: 'navigate',
});

const within = (actual: number | undefined, expected: number) => Math.abs((actual ?? Number.NaN) - expected) / expected <= HISTOGRAM_RELATIVE_ERROR + 0.001;

export function describeStoreContract(name: string, backend: () => StoreBackend): void {
  // The clock is pinned: a store prunes at open, and the real date would make T0's rows old.
  const open: StoreBackend['open'] = (options = {}) => backend().open({ now: () => T0, ...options });

  describe(`${name}: summaries`, () => {
    it('counts views per route and computes p75 per route and overall', async () => {
      const store = open();
      for (let i = 0; i < 3; i += 1) store.recordPageView(view('/models/:slug'), T0);
      store.recordPageView(view(null), T0);
      for (let ms = 100; ms <= 2000; ms += 100) store.recordVital(vital('/models/:slug', 'LCP', ms), T0);
      for (const cls of [0, 0.01, 0.05, 0.2]) store.recordVital(vital('/articles', 'CLS', cls), T0);

      const { hour } = (await store.summarize(T0 + 1000)).windows;

      expect(hour.views).toBe(4);
      expect(hour.routes.map((r) => [r.route, r.views])).toEqual([
        ['/models/:slug', 3],
        [UNKNOWN_ROUTE, 1],
        ['/articles', 0],
      ]);
      const model = hour.routes[0]?.vitals.LCP;
      expect(model?.count).toBe(20);
      expect(within(model?.p75, 1500)).toBe(true);
      expect(model?.rating).toBe('good');
      expect(within(hour.routes[2]?.vitals.CLS?.p75, 0.05)).toBe(true);
      expect(hour.vitals.CLS?.count).toBe(4);
      await store.close();
    });

    it('moves events out of the shorter windows as time passes while the longer ones keep them', async () => {
      const store = open();
      store.recordPageView(view('/'), T0);
      store.recordPageView(view('/'), T0 + 30 * MINUTE);

      const at59 = (await store.summarize(T0 + 59 * MINUTE)).windows;
      const at61 = (await store.summarize(T0 + 61 * MINUTE)).windows;
      const nextDay = (await store.summarize(T0 + 24 * HOUR)).windows;
      const nextMonth = (await store.summarize(T0 + 30 * DAY)).windows;

      expect(at59.hour.views).toBe(2);
      expect([at61.hour.views, at61.day.views]).toEqual([1, 2]);
      expect([nextDay.day.views, nextDay.week.views, nextDay.month.views]).toEqual([0, 2, 2]);
      expect([nextMonth.week.views, nextMonth.month.views]).toEqual([0, 0]);
      await store.close();
    });

    it('reports one series entry per bucket, empty ones included', async () => {
      const store = open();
      store.recordPageView(view('/'), T0 + 5 * MINUTE);
      store.recordVital(vital('/', 'LCP', 1200), T0 + 5 * MINUTE);

      const { hour, day, week, month } = (await store.summarize(T0 + 10 * MINUTE)).windows;

      expect([hour.series.length, day.series.length, week.series.length, month.series.length]).toEqual([60, 24, 7, 30]);
      expect(hour.series.filter((bucket) => bucket.views > 0)).toEqual([
        { start: new Date(T0 + 5 * MINUTE).toISOString(), views: 1, p75: { LCP: expect.any(Number) } },
      ]);
      expect(hour.series.at(-1)?.start).toBe(new Date(T0 + 10 * MINUTE).toISOString());
      expect(month.series.at(-1)).toEqual({ start: new Date(Math.floor(T0 / DAY) * DAY).toISOString(), views: 1, p75: { LCP: expect.any(Number) } });
      await store.close();
    });

    it('folds routes beyond the limit into other', async () => {
      const store = open({ maxRoutes: 3 });
      for (let i = 0; i < 6; i += 1) store.recordPageView(view(`/a${i}`), T0);
      store.recordPageView(view('/a5'), T0 + MINUTE);
      store.recordPageView(view('/a4'), T0 + MINUTE);
      store.recordVital(vital('/a0', 'INP', 80), T0);
      store.recordVital(vital('/only-vitals', 'INP', 120), T0);

      const { hour } = (await store.summarize(T0 + 2 * MINUTE)).windows;

      expect(hour.routes.map((r) => [r.route, r.views])).toEqual([
        ['/a4', 2],
        ['/a5', 2],
        ['/a0', 1],
        [OTHER_ROUTE, 3],
      ]);
      expect(hour.routes.at(-1)?.vitals.INP?.count).toBe(1);
      expect(hour.views).toBe(8);
      expect(hour.vitals.INP?.count).toBe(2);
      await store.close();
    });

    it('summarizes search clicks, views and conversions per object, with the mean click position', async () => {
      const store = open();
      const click = { eventType: 'click', eventName: 'Hit clicked', index: 'vitrine_en-US', queryID: 'a'.repeat(32) } as const;
      store.recordSearchEvents(
        [
          { ...click, objectIDs: ['m-lamp:en-US'], positions: [1] },
          { ...click, objectIDs: ['m-lamp:en-US', 'm-chair:en-US'], positions: [1, 4] },
          { eventType: 'view', eventName: 'Hits viewed', index: 'vitrine_en-US', objectIDs: ['m-lamp:en-US', 'm-chair:en-US', 'm-table:en-US'] },
          { eventType: 'conversion', eventSubtype: 'addToCart', eventName: 'Added', index: 'vitrine_en-US', objectIDs: undefined },
        ],
        T0,
      );

      const { search } = (await store.summarize(T0 + MINUTE)).windows.day;

      expect(search).toEqual({
        clicks: 3,
        views: 3,
        conversions: 1,
        averageClickPosition: 2,
        topClicked: [
          { objectID: 'm-lamp:en-US', index: 'vitrine_en-US', clicks: 2 },
          { objectID: 'm-chair:en-US', index: 'vitrine_en-US', clicks: 1 },
        ],
      });
      await store.close();
    });
  });

  describe(`${name}: durability`, () => {
    it('keeps the counts when a new store opens the same database (a restart)', async () => {
      const first = open();
      for (let i = 0; i < 30; i += 1) first.recordPageView(view('/models/:slug'), T0);
      for (let i = 0; i < 5; i += 1) first.recordVital(vital('/models/:slug', 'LCP', 1000 + i), T0);
      first.recordSearchEvents([{ eventType: 'click', eventName: 'Hit clicked', index: 'vitrine_en-US', objectIDs: ['m-lamp:en-US'], positions: [3] }], T0);
      await first.close();

      const second = open();
      const { windows } = await second.summarize(T0 + 2 * HOUR);

      expect(windows.day.views).toBe(30);
      expect(windows.day.vitals.LCP?.count).toBe(5);
      expect(windows.day.search.clicks).toBe(1);
      expect(windows.hour.views).toBe(0);
      await second.close();
    });

    it('deletes rows older than the retention period when pruning and when opening', async () => {
      const first = open({ retentionDays: 2, now: () => T0 - 3 * DAY });
      first.recordPageView(view('/old'), T0 - 3 * DAY);
      first.recordPageView(view('/new'), T0 - DAY);
      first.recordSearchEvents([{ eventType: 'view', eventName: 'Hits viewed', index: 'vitrine_en-US', objectIDs: ['m-lamp:en-US'] }], T0 - 3 * DAY);
      await first.flush();
      const before = (await first.summarize(T0)).windows.month;

      await first.prune(T0);
      const after = (await first.summarize(T0)).windows.month;
      await first.close();

      expect([before.views, before.search.views]).toEqual([2, 1]);
      expect(after.routes.map((r) => r.route)).toEqual(['/new']);
      expect(after.search.views).toBe(0);
      // A store opened later with a shorter retention prunes at once, without waiting for the hourly timer.
      const reopened = open({ retentionDays: 1, now: () => T0 + DAY });
      await waitFor(async () => (await reopened.summarize(T0)).windows.month.views === 0);
      await reopened.close();
    });

    it('writes queued events in one batch per interval and at once when a batch is full', async () => {
      const store = open({ buffer: { flushIntervalMs: 60_000, maxBatch: 50 } });

      for (let i = 0; i < 49; i += 1) store.recordPageView(view('/'), T0);
      const queued = store.stats();
      store.recordPageView(view('/'), T0);
      await waitFor(() => store.stats().written === 50);

      expect(queued).toMatchObject({ pending: 49, written: 0 });
      expect(store.stats()).toMatchObject({ pending: 0, written: 50, failedWrites: 0 });
      expect((await store.summarize(T0)).windows.hour.views).toBe(50);
      await store.close();
    });

    it('drops and counts events beyond the queue bound instead of growing', async () => {
      const store = open({ buffer: { flushIntervalMs: 60_000, maxBatch: 1000, maxPending: 100 } });

      for (let i = 0; i < 150; i += 1) store.recordPageView(view('/'), T0);

      expect(store.stats()).toMatchObject({ pending: 100, dropped: 50 });
      expect((await store.summarize(T0)).windows.hour.views).toBe(100);
      await store.close();
    });
  });
}

/** Polls until `check` holds (background flushes and prunes finish on their own schedule). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
