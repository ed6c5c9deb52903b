import type { VitalName } from '#shared/insights.ts';

export const UNKNOWN_ROUTE = 'unknown';
export const OTHER_ROUTE = 'other';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

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
const VITAL_THRESHOLDS: Record<VitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function getVitalRating(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

// A fixed-size log-bucketed histogram that merges by adding bins (DDSketch; README.md). Bin 0 holds values below 1.
const GAMMA = 1.075;
const LOG_GAMMA = Math.log(GAMMA);
export const HISTOGRAM_BINS = 160;
export const HISTOGRAM_RELATIVE_ERROR = (GAMMA - 1) / (GAMMA + 1);

export function toBin(value: number): number {
  if (!(value >= 1)) return 0;
  return Math.min(HISTOGRAM_BINS - 1, Math.max(1, Math.ceil(Math.log(value) / LOG_GAMMA)));
}

export const binValue = (bin: number) => (bin === 0 ? 0 : (2 * GAMMA ** bin) / (GAMMA + 1));

/** CLS is unitless and small; it is binned in thousandths like the ms vitals are in ms. */
const SCALE: Record<VitalName, number> = { LCP: 1, INP: 1, CLS: 1000, FCP: 1, TTFB: 1 };

export const toVitalBin = (name: VitalName, value: number) => toBin(value * SCALE[name]);

/** The p75 a histogram's 75th-percentile bin stands for, in the vital's unit, and its rating. */
export function toVitalSummary(name: VitalName, bin: number, count: number) {
  const value = binValue(bin) / SCALE[name];
  const p75 = name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
  return { p75, count, rating: getVitalRating(name, p75) };
}

export type VitalsSummary = Partial<Record<VitalName, ReturnType<typeof toVitalSummary>>>;
