/** The Web Vitals the speed-insights script reports. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * Largest value accepted per vital (ms, CLS unitless). Beyond these a
 * report is a broken or hostile client, not a slow page.
 */
export const VITAL_MAX: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 100, FCP: 120_000, TTFB: 120_000 };

/** "Good" and "poor" thresholds from web.dev/articles/vitals (p75 at or below good is good, above poor is poor). */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function getVitalRating(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}
