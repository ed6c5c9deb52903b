import * as webVitals from 'web-vitals';

import { createBeaconQueue } from './beacon/beacon-queue.ts';
import { readRoute, readViewportClass } from './page.ts';

import type { VitalEvent } from '#shared/insights.ts';
import type { MetricType } from 'web-vitals';
import type { Transport } from './beacon/transport.ts';
import type { ScriptOptions } from './page.ts';

export type VitalsSource = Pick<typeof webVitals, 'onCLS' | 'onFCP' | 'onINP' | 'onLCP' | 'onTTFB'>;

export interface SpeedInsightsOptions extends ScriptOptions {
  transport?: Transport;
  vitals?: VitalsSource;
  flushAfterMs?: number;
  page?: { route: string | null; path: string };
}

/** CLS and INP are final only on hide, maybe after client navigations, but belong to the page that loaded. Its loader checks DNT and sampling. */
export function startSpeedInsights(options: SpeedInsightsOptions): void {
  const vitals = options.vitals ?? webVitals;
  const route = options.page?.route ?? readRoute();
  const path = options.page?.path ?? window.location.pathname;
  const viewport = readViewportClass();
  const queue = createBeaconQueue<VitalEvent>(options);

  const report = ({ name, value, rating, id, navigationType }: MetricType) =>
    queue.add({ type: 'vital', name, value, rating, id, route, path, viewport, navigationType });
  for (const subscribe of [vitals.onTTFB, vitals.onFCP, vitals.onLCP, vitals.onCLS, vitals.onINP]) subscribe(report);
}
