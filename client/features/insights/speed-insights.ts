import * as webVitals from 'web-vitals';

import { createBeaconQueue } from './beacon/beacon-queue.ts';
import { isSampledIn, isTrackingAllowed, readRoute, readViewportClass } from './page.ts';

import type { VitalEvent } from '#shared/insights.ts';
import type { MetricType } from 'web-vitals';
import type { Transport } from './beacon/transport.ts';
import type { ScriptOptions } from './page.ts';

/** The web-vitals entry points, injectable for tests. */
export type VitalsSource = Pick<typeof webVitals, 'onCLS' | 'onFCP' | 'onINP' | 'onLCP' | 'onTTFB'>;

export interface SpeedInsightsOptions extends ScriptOptions {
  transport?: Transport;
  random?: () => number;
  vitals?: VitalsSource;
  flushAfterMs?: number;
  /** The page that loaded, when read earlier than this call (the script reads it before `load`). */
  page?: { route: string | null; path: string };
}

/**
 * Reports LCP, INP, CLS, FCP and TTFB with the route of the document load: CLS and INP are final only when the page
 * is hidden, possibly after client navigations, but belong to the page that loaded. web-vitals finalises them in a
 * capture-phase listener, before the queue's flush. Also the entry of `<base>/speed-insights/vitals.js`.
 */
export function startSpeedInsights(options: SpeedInsightsOptions): boolean {
  if (!isTrackingAllowed() || !isSampledIn(options.sampleRate, options.random)) return false;
  const vitals = options.vitals ?? webVitals;
  const route = options.page?.route ?? readRoute();
  const path = options.page?.path ?? window.location.pathname;
  const viewport = readViewportClass();
  const queue = createBeaconQueue<VitalEvent>(options);

  const report = (metric: MetricType) =>
    queue.add({
      type: 'vital',
      name: metric.name,
      value: metric.value,
      rating: metric.rating,
      id: metric.id,
      route,
      path,
      viewport,
      navigationType: metric.navigationType,
    });
  for (const subscribe of [vitals.onTTFB, vitals.onFCP, vitals.onLCP, vitals.onCLS, vitals.onINP]) subscribe(report);
  return true;
}
