import { countOf, createHistogram, getPercentile, mergeInto, recordValue } from './histogram.ts';
import { getVitalRating, VITAL_NAMES } from './vitals.ts';

import type { Histogram } from './histogram.ts';
import type { VitalName, VitalRating } from './vitals.ts';

/** Where routes beyond the per-bucket and per-summary limits are counted. */
export const OTHER_ROUTE = 'other';

/** CLS is unitless and small; it is binned in thousandths like the ms vitals are in ms. */
const SCALE: Record<VitalName, number> = { LCP: 1, INP: 1, CLS: 1000, FCP: 1, TTFB: 1 };

interface RouteStats {
  views: number;
  vitals: Partial<Record<VitalName, Histogram>>;
}

interface Bucket {
  start: number;
  routes: Map<string, RouteStats>;
}

export interface VitalSummary {
  p75: number;
  count: number;
  rating: VitalRating;
}

export type VitalsSummary = Partial<Record<VitalName, VitalSummary>>;

export interface WindowSummary {
  from: string;
  to: string;
  bucketMs: number;
  views: number;
  vitals: VitalsSummary;
  /** Most viewed first; at most `maxRoutes` entries plus `other`. */
  routes: Array<{ route: string; views: number; vitals: VitalsSummary }>;
  /** One entry per bucket, oldest first, empty buckets included. */
  series: Array<{ start: string; views: number; p75: Partial<Record<VitalName, number>> }>;
}

export interface RollingWindowOptions {
  bucketMs: number;
  buckets: number;
  /** Distinct routes kept per bucket and per summary; the rest count as `other`. */
  maxRoutes: number;
}

export interface RollingWindow {
  recordView(route: string, at: number): void;
  recordVital(route: string, name: VitalName, value: number, at: number): void;
  summarize(now: number): WindowSummary;
}

/**
 * A ring of time buckets covering the last `buckets × bucketMs`: a bucket is
 * reused (cleared) when its slot comes round again, so memory is bounded by
 * buckets × (maxRoutes + 1) × 5 histograms whatever the traffic.
 */
export function createRollingWindow(options: RollingWindowOptions): RollingWindow {
  const { bucketMs, buckets, maxRoutes } = options;
  const ring: Array<Bucket | undefined> = Array.from({ length: buckets });

  function statsFor(route: string, at: number): RouteStats {
    const start = Math.floor(at / bucketMs) * bucketMs;
    const slot = Math.floor(at / bucketMs) % buckets;
    let bucket = ring[slot];
    if (!bucket || bucket.start !== start) {
      bucket = { start, routes: new Map() };
      ring[slot] = bucket;
    }
    const key = bucket.routes.has(route) || bucket.routes.size < maxRoutes ? route : OTHER_ROUTE;
    let stats = bucket.routes.get(key);
    if (!stats) {
      stats = { views: 0, vitals: {} };
      bucket.routes.set(key, stats);
    }
    return stats;
  }

  function liveBuckets(now: number): Bucket[] {
    const oldest = (Math.floor(now / bucketMs) - buckets + 1) * bucketMs;
    return ring.filter((bucket): bucket is Bucket => bucket !== undefined && bucket.start >= oldest && bucket.start <= now).sort((a, b) => a.start - b.start);
  }

  return {
    recordView(route, at) {
      statsFor(route, at).views += 1;
    },
    recordVital(route, name, value, at) {
      const vitals = statsFor(route, at).vitals;
      recordValue((vitals[name] ??= createHistogram()), value * SCALE[name]);
    },
    summarize(now) {
      const live = liveBuckets(now);
      const firstStart = (Math.floor(now / bucketMs) - buckets + 1) * bucketMs;
      const byStart = new Map(live.map((bucket) => [bucket.start, bucket]));
      const series = Array.from({ length: buckets }, (_, index) => {
        const start = firstStart + index * bucketMs;
        const merged = mergeStats([...(byStart.get(start)?.routes.values() ?? [])]);
        return { start: new Date(start).toISOString(), views: merged.views, p75: toP75s(merged.vitals) };
      });
      const routes = foldRoutes(live, maxRoutes);
      const total = mergeStats(routes.map(([, stats]) => stats));
      return {
        from: new Date(firstStart).toISOString(),
        to: new Date(now).toISOString(),
        bucketMs,
        views: total.views,
        vitals: toVitalsSummary(total.vitals),
        routes: routes.map(([route, stats]) => ({ route, views: stats.views, vitals: toVitalsSummary(stats.vitals) })),
        series,
      };
    },
  };
}

function mergeStats(all: RouteStats[]): RouteStats {
  const merged: RouteStats = { views: 0, vitals: {} };
  for (const stats of all) {
    merged.views += stats.views;
    for (const name of VITAL_NAMES) {
      const histogram = stats.vitals[name];
      if (histogram) mergeInto((merged.vitals[name] ??= createHistogram()), histogram);
    }
  }
  return merged;
}

/** Per-route totals over the live buckets, most viewed first; routes past `maxRoutes` fold into `other`. */
function foldRoutes(live: Bucket[], maxRoutes: number): Array<[string, RouteStats]> {
  const perRoute = new Map<string, RouteStats[]>();
  for (const bucket of live) for (const [route, stats] of bucket.routes) perRoute.set(route, [...(perRoute.get(route) ?? []), stats]);
  const totals = [...perRoute].map(([route, all]): [string, RouteStats] => [route, mergeStats(all)]);
  totals.sort(([a, x], [b, y]) => y.views - x.views || samples(y) - samples(x) || a.localeCompare(b));
  const named = totals.filter(([route]) => route !== OTHER_ROUTE);
  const kept = named.slice(0, maxRoutes);
  const folded = [...named.slice(maxRoutes), ...totals.filter(([route]) => route === OTHER_ROUTE)].map(([, stats]) => stats);
  return folded.length > 0 ? [...kept, [OTHER_ROUTE, mergeStats(folded)]] : kept;
}

function samples(stats: RouteStats): number {
  return VITAL_NAMES.reduce((sum, name) => sum + (stats.vitals[name] ? countOf(stats.vitals[name]) : 0), 0);
}

function toP75(name: VitalName, histogram: Histogram): number | null {
  const value = getPercentile(histogram, 0.75);
  if (value === null) return null;
  const unscaled = value / SCALE[name];
  return name === 'CLS' ? Math.round(unscaled * 1000) / 1000 : Math.round(unscaled);
}

function toP75s(vitals: RouteStats['vitals']): Partial<Record<VitalName, number>> {
  const out: Partial<Record<VitalName, number>> = {};
  for (const name of VITAL_NAMES) {
    const histogram = vitals[name];
    const p75 = histogram ? toP75(name, histogram) : null;
    if (p75 !== null) out[name] = p75;
  }
  return out;
}

function toVitalsSummary(vitals: RouteStats['vitals']): VitalsSummary {
  const out: VitalsSummary = {};
  for (const [name, p75] of Object.entries(toP75s(vitals)) as Array<[VitalName, number]>) {
    out[name] = { p75, count: countOf(vitals[name] as Histogram), rating: getVitalRating(name, p75) };
  }
  return out;
}
