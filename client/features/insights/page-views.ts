import { beaconTransport, createBeaconQueue } from './beacon-queue.ts';
import { isTrackingAllowed } from './consent.ts';
import { NAVIGATION_EVENT } from './constants.ts';
import { getReferrerHost, readLocale, readRoute, readViewportClass } from './page-context.ts';
import { isSampledIn } from './script-options.ts';

import type { Transport } from './beacon-queue.ts';
import type { NavigationDetail } from './constants.ts';
import type { ScriptOptions } from './script-options.ts';
import type { PageViewEvent } from './wire.ts';

export interface PageViewsOptions extends ScriptOptions {
  transport?: Transport;
  random?: () => number;
  flushAfterMs?: number;
}

/**
 * Counts the document load and every client-side navigation. The app
 * announces navigations with a `vitrine:navigation` event after React
 * committed the new page (client/insights/insights-tags.tsx), so the route
 * pattern is the new page's; history hooks would fire before the render and
 * also for InstantSearch's URL updates, which are not page views.
 * Returns false when nothing will be sent (DNT/GPC or sampled out).
 */
export function startPageViews(options: PageViewsOptions): boolean {
  if (!isTrackingAllowed() || !isSampledIn(options.sampleRate, options.random)) return false;
  const queue = createBeaconQueue<PageViewEvent>({
    endpoint: options.endpoint,
    transport: options.transport ?? beaconTransport,
    flushAfterMs: options.flushAfterMs,
  });
  let lastPath: string | undefined;

  function record(navigation: PageViewEvent['navigation'], route: string | null): void {
    const path = window.location.pathname;
    // The app may announce the page the script already counted (hydration, StrictMode re-runs).
    if (path === lastPath) return;
    lastPath = path;
    queue.add({
      type: 'pageview',
      route,
      path,
      locale: readLocale(),
      referrer: navigation === 'load' ? getReferrerHost(document.referrer, window.location.host) : null,
      viewport: readViewportClass(),
      navigation,
    });
  }

  record('load', readRoute());
  document.addEventListener(NAVIGATION_EVENT, (event) => {
    const detail = (event as CustomEvent<Partial<NavigationDetail> | null>).detail;
    record('navigation', typeof detail?.route === 'string' ? detail.route : readRoute());
  });
  return true;
}
