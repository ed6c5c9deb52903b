import { VITAL_NAMES } from '#shared/insights.ts';

import type { VitalName } from '#shared/insights.ts';

export const UNKNOWN_ROUTE = 'unknown';
export const OTHER_ROUTE = 'other';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `month` covers less when INSIGHTS_RETENTION_DAYS is shorter. */
export const WINDOWS = {
  hour: { bucketMs: MINUTE, buckets: 60 },
  day: { bucketMs: HOUR, buckets: 24 },
  week: { bucketMs: DAY, buckets: 7 },
  month: { bucketMs: DAY, buckets: 30 },
} as const;

export type WindowName = keyof typeof WINDOWS;
export type WindowShape = (typeof WINDOWS)[WindowName];

/** From web.dev/articles/vitals. */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

function getVitalRating(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

// A fixed-size log-bucketed histogram that merges by adding bins (DDSketch; README.md). Bin 0 holds values below 1.
const GAMMA = 1.075;
const LOG_GAMMA = Math.log(GAMMA);
export const HISTOGRAM_BINS = 160;
export const HISTOGRAM_RELATIVE_ERROR = (GAMMA - 1) / (GAMMA + 1);

export type Histogram = Uint32Array;
export const createHistogram = (): Histogram => new Uint32Array(HISTOGRAM_BINS);

export function toBin(value: number): number {
  if (!(value >= 1)) return 0;
  return Math.min(HISTOGRAM_BINS - 1, Math.max(1, Math.ceil(Math.log(value) / LOG_GAMMA)));
}

const binValue = (bin: number) => (bin === 0 ? 0 : (2 * GAMMA ** bin) / (GAMMA + 1));
export const recordValue = (histogram: Histogram, value: number) => void (histogram[toBin(value)]! += 1);

export function mergeInto(target: Histogram, source: Histogram): void {
  for (let bin = 0; bin < HISTOGRAM_BINS; bin += 1) target[bin] = (target[bin] ?? 0) + (source[bin] ?? 0);
}

export const countOf = (histogram: Histogram) => histogram.reduce((sum, count) => sum + count, 0);

/** Nearest-rank. */
export function getPercentile(histogram: Histogram, q: number): number | null {
  const total = countOf(histogram);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let bin = 0; bin < HISTOGRAM_BINS; bin += 1) {
    seen += histogram[bin] ?? 0;
    if (seen >= rank) return binValue(bin);
  }
  return binValue(HISTOGRAM_BINS - 1);
}

/** CLS is unitless and small; it is binned in thousandths like the ms vitals are in ms. */
const SCALE: Record<VitalName, number> = { LCP: 1, INP: 1, CLS: 1000, FCP: 1, TTFB: 1 };

export const toVitalBin = (name: VitalName, value: number) => toBin(value * SCALE[name]);

export interface Stats {
  views: number;
  vitals: Partial<Record<VitalName, Histogram>>;
}

export const createStats = (): Stats => ({ views: 0, vitals: {} });

export function addBinCount(stats: Stats, name: VitalName, bin: number, count: number): void {
  const histogram = (stats.vitals[name] ??= createHistogram());
  histogram[bin] = (histogram[bin] ?? 0) + count;
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

export type VitalsSummary = Partial<Record<VitalName, { p75: number; count: number; rating: VitalRating }>>;

export function toP75s(vitals: Stats['vitals']): Partial<Record<VitalName, number>> {
  const out: Partial<Record<VitalName, number>> = {};
  for (const name of VITAL_NAMES) {
    const value = vitals[name] ? getPercentile(vitals[name], 0.75) : null;
    if (value === null) continue;
    const unscaled = value / SCALE[name];
    out[name] = name === 'CLS' ? Math.round(unscaled * 1000) / 1000 : Math.round(unscaled);
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

/** The tie-breaker between routes with as many views. */
export function samplesOf(stats: Stats): number {
  return VITAL_NAMES.reduce((sum, name) => sum + (stats.vitals[name] ? countOf(stats.vitals[name]) : 0), 0);
}
