import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';

import { beaconTransport, createBeaconQueue } from './beacon-queue.ts';
import { isTrackingAllowed } from './consent.ts';
import { readRoute, readViewportClass } from './page-context.ts';
import { isSampledIn } from './script-options.ts';

import type { MetricType } from 'web-vitals';
import type { Transport } from './beacon-queue.ts';
import type { ScriptOptions } from './script-options.ts';
import type { VitalEvent } from './wire.ts';

/** The web-vitals entry points, injectable for tests. */
export interface VitalsSource {
  onCLS: typeof onCLS;
  onFCP: typeof onFCP;
  onINP: typeof onINP;
  onLCP: typeof onLCP;
  onTTFB: typeof onTTFB;
}

export interface SpeedInsightsOptions extends ScriptOptions {
  transport?: Transport;
  random?: () => number;
  vitals?: VitalsSource;
  flushAfterMs?: number;
  /** The page that loaded, when read earlier than this call (the script reads it before `load`). */
  page?: { route: string | null; path: string };
}

/**
 * Reports LCP, INP, CLS, FCP and TTFB of the document load with the route
 * pattern of that load: CLS and INP are final only when the page is hidden,
 * possibly after client navigations, but they belong to the page that loaded.
 * web-vitals finalises CLS and INP in a capture-phase `visibilitychange`
 * listener on window, which runs before the queue's flush on document.
 * Returns false when nothing will be sent (DNT/GPC or sampled out).
 */
export function startSpeedInsights(options: SpeedInsightsOptions): boolean {
  if (!isTrackingAllowed() || !isSampledIn(options.sampleRate, options.random)) return false;
  const vitals = options.vitals ?? { onCLS, onFCP, onINP, onLCP, onTTFB };
  const route = options.page?.route ?? readRoute();
  const path = options.page?.path ?? window.location.pathname;
  const viewport = readViewportClass();
  const queue = createBeaconQueue<VitalEvent>({
    endpoint: options.endpoint,
    transport: options.transport ?? beaconTransport,
    flushAfterMs: options.flushAfterMs,
  });

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
