import { createBeaconQueue } from './beacon/beacon-queue.ts';
import { getReferrerHost, isSampledIn, isTrackingAllowed, NAVIGATION_EVENT, readRoute, readViewportClass } from './page.ts';

import type { PageViewEvent } from '#shared/insights.ts';
import type { Transport } from './beacon/transport.ts';
import type { NavigationDetail, ScriptOptions } from './page.ts';

export interface PageViewsOptions extends ScriptOptions {
  transport?: Transport;
  random?: () => number;
  flushAfterMs?: number;
}

/**
 * Navigations come from InsightsTags after React committed the page, so the route is the new page's (history hooks would
 * fire before the render, and for InstantSearch's URL updates, which are not page views).
 */
export function startPageViews(options: PageViewsOptions): boolean {
  if (!isTrackingAllowed() || !isSampledIn(options.sampleRate, options.random)) return false;
  const queue = createBeaconQueue<PageViewEvent>(options);
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
      locale: document.documentElement.lang || null,
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
