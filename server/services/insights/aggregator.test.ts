import { describe, expect, it } from 'vitest';

import { createInsightsAggregator, UNKNOWN_ROUTE } from './aggregator.ts';
import { HISTOGRAM_RELATIVE_ERROR } from './histogram.ts';
import { OTHER_ROUTE } from './rolling-window.ts';

import type { PageViewEvent, VitalEvent } from './event-schema.ts';

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const view = (route: string | null): PageViewEvent => ({ type: 'pageview', route, path: '/x', locale: 'en', referrer: null, viewport: 'desktop', navigation: 'load' });
const vital = (route: string, name: VitalEvent['name'], value: number): VitalEvent => ({
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

describe('createInsightsAggregator', () => {
  it('counts views per route and computes p75 per route and overall', () => {
    const aggregator = createInsightsAggregator();
    for (let i = 0; i < 3; i += 1) aggregator.recordPageView(view('/models/:slug'), T0);
    aggregator.recordPageView(view(null), T0);
    for (let ms = 100; ms <= 2000; ms += 100) aggregator.recordVital(vital('/models/:slug', 'LCP', ms), T0);
    for (const cls of [0, 0.01, 0.05, 0.2]) aggregator.recordVital(vital('/articles', 'CLS', cls), T0);

    const { hour } = aggregator.summarize(T0 + 1000).windows;

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
  });

  it('rolls minute buckets out of the hour while the day keeps them', () => {
    const aggregator = createInsightsAggregator();
    aggregator.recordPageView(view('/'), T0);
    aggregator.recordPageView(view('/'), T0 + 30 * MINUTE);

    const at59 = aggregator.summarize(T0 + 59 * MINUTE).windows;
    const at61 = aggregator.summarize(T0 + 61 * MINUTE).windows;
    const nextDay = aggregator.summarize(T0 + 24 * HOUR).windows;

    expect(at59.hour.views).toBe(2);
    expect(at61.hour.views).toBe(1);
    expect(at61.day.views).toBe(2);
    expect(nextDay.day.views).toBe(0);
  });

  it('reuses a ring slot for a new bucket instead of adding to the old one', () => {
    const aggregator = createInsightsAggregator();
    aggregator.recordPageView(view('/'), T0);
    aggregator.recordPageView(view('/'), T0 + 60 * MINUTE);

    const { hour } = aggregator.summarize(T0 + 60 * MINUTE).windows;

    expect(hour.views).toBe(1);
    expect(hour.series.at(-1)?.views).toBe(1);
  });

  it('reports one series entry per bucket, empty ones included', () => {
    const aggregator = createInsightsAggregator();
    aggregator.recordPageView(view('/'), T0 + 5 * MINUTE);
    aggregator.recordVital(vital('/', 'LCP', 1200), T0 + 5 * MINUTE);

    const { hour, day } = aggregator.summarize(T0 + 10 * MINUTE).windows;

    expect(hour.series).toHaveLength(60);
    expect(day.series).toHaveLength(24);
    expect(hour.series.filter((bucket) => bucket.views > 0)).toEqual([{ start: new Date(T0 + 5 * MINUTE).toISOString(), views: 1, p75: { LCP: expect.any(Number) } }]);
    expect(hour.series.at(-1)?.start).toBe(new Date(T0 + 10 * MINUTE).toISOString());
  });

  it('folds routes beyond the limit into other, per bucket and across buckets', () => {
    const aggregator = createInsightsAggregator({ maxRoutes: 3 });
    for (let i = 0; i < 5; i += 1) aggregator.recordPageView(view(`/a${i}`), T0);
    for (let i = 5; i < 8; i += 1) aggregator.recordPageView(view(`/a${i}`), T0 + MINUTE);
    aggregator.recordPageView(view('/a5'), T0 + MINUTE);

    const { hour } = aggregator.summarize(T0 + 2 * MINUTE).windows;

    expect(hour.routes).toHaveLength(4);
    expect(hour.routes.map((r) => r.route)).toEqual(['/a5', '/a0', '/a1', OTHER_ROUTE]);
    // /a2, /a6, /a7 beyond the summary limit plus /a3, /a4 beyond the first bucket's.
    expect(hour.routes.at(-1)?.views).toBe(5);
    expect(hour.views).toBe(9);
  });
});
