import { countOf, createHistogram, getPercentile, mergeInto, recordValue, toBin } from './histogram.ts';
import { getVitalRating, VITAL_NAMES } from './vitals.ts';

import type { Histogram } from './histogram.ts';
import type { VitalName, VitalRating } from './vitals.ts';

/** Route key for events whose page named no route pattern. */
export const UNKNOWN_ROUTE = 'unknown';

/** Where routes beyond the per-summary limit are counted. */
export const OTHER_ROUTE = 'other';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The windows operators see, each ending with the current bucket: the last
 * hour by minute, day by hour, and 7 and 30 days by day. The store keeps
 * INSIGHTS_RETENTION_DAYS, so `month` covers less when that is shorter.
 */
export const WINDOWS = {
  hour: { bucketMs: MINUTE, buckets: 60 },
  day: { bucketMs: HOUR, buckets: 24 },
  week: { bucketMs: DAY, buckets: 7 },
  month: { bucketMs: DAY, buckets: 30 },
} as const satisfies Record<string, WindowShape>;

export type WindowName = keyof typeof WINDOWS;

export interface WindowShape {
  bucketMs: number;
  buckets: number;
}

/** CLS is unitless and small; it is binned in thousandths like the ms vitals are in ms. */
const SCALE: Record<VitalName, number> = { LCP: 1, INP: 1, CLS: 1000, FCP: 1, TTFB: 1 };

/** The histogram bin a vital's value falls in (stored with each sample, so SQL can count per bin). */
export function toVitalBin(name: VitalName, value: number): number {
  return toBin(value * SCALE[name]);
}

/** Views and one histogram per vital: what a route, a bucket or a whole window adds up to. */
export interface Stats {
  views: number;
  vitals: Partial<Record<VitalName, Histogram>>;
}

export function createStats(): Stats {
  return { views: 0, vitals: {} };
}

/** Adds `count` samples in `bin` of vital `name`. */
export function addBinCount(stats: Stats, name: VitalName, bin: number, count: number): void {
  const histogram = (stats.vitals[name] ??= createHistogram());
  histogram[bin] = (histogram[bin] ?? 0) + count;
}

/** Records one raw value (tests and in-process callers; the store counts bins in SQL). */
export function addVitalValue(stats: Stats, name: VitalName, value: number): void {
  recordValue((stats.vitals[name] ??= createHistogram()), value * SCALE[name]);
}

export function mergeStats(all: Stats[]): Stats {
  const merged = createStats();
  for (const stats of all) {
    merged.views += stats.views;
    for (const name of VITAL_NAMES) {
      const histogram = stats.vitals[name];
      if (histogram) mergeInto((merged.vitals[name] ??= createHistogram()), histogram);
    }
  }
  return merged;
}

export interface VitalSummary {
  p75: number;
  count: number;
  rating: VitalRating;
}

export type VitalsSummary = Partial<Record<VitalName, VitalSummary>>;

export interface SearchSummary {
  /** Objects clicked, viewed and converted (an Insights event on n objectIDs counts n, a filter event 1). */
  clicks: number;
  views: number;
  conversions: number;
  /** Mean position of clicks after a search; null without any. */
  averageClickPosition: number | null;
  /** Most clicked objects first, at most 10. */
  topClicked: Array<{ objectID: string; index: string; clicks: number }>;
}

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
  search: SearchSummary;
}

function toP75(name: VitalName, histogram: Histogram): number | null {
  const value = getPercentile(histogram, 0.75);
  if (value === null) return null;
  const unscaled = value / SCALE[name];
  return name === 'CLS' ? Math.round(unscaled * 1000) / 1000 : Math.round(unscaled);
}

export function toP75s(vitals: Stats['vitals']): Partial<Record<VitalName, number>> {
  const out: Partial<Record<VitalName, number>> = {};
  for (const name of VITAL_NAMES) {
    const histogram = vitals[name];
    const p75 = histogram ? toP75(name, histogram) : null;
    if (p75 !== null) out[name] = p75;
  }
  return out;
}

export function toVitalsSummary(vitals: Stats['vitals']): VitalsSummary {
  const out: VitalsSummary = {};
  for (const [name, p75] of Object.entries(toP75s(vitals)) as Array<[VitalName, number]>) {
    out[name] = { p75, count: countOf(vitals[name] as Histogram), rating: getVitalRating(name, p75) };
  }
  return out;
}

/** Samples of every vital together: the tie-breaker between routes with as many views. */
export function samplesOf(stats: Stats): number {
  return VITAL_NAMES.reduce((sum, name) => sum + (stats.vitals[name] ? countOf(stats.vitals[name]) : 0), 0);
}
