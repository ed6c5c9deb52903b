import type { ViewportClass } from '#shared/insights.ts';

// What the insights scripts read from the page. Script paths as hosted providers lay them out (server/insights/README.md).
export const PAGE_VIEWS_SCRIPT = '/insights/script.js';
export const SPEED_INSIGHTS_SCRIPT = '/speed-insights/script.js';

/** `<meta name>` carrying the matched route pattern (`/models/:slug`). */
export const ROUTE_META_NAME = 'vitrine:route';

/** Dispatched on `document` after every committed client navigation, with the new route pattern. */
export const NAVIGATION_EVENT = 'vitrine:navigation';
export interface NavigationDetail {
  route: string;
}

export interface ScriptOptions {
  /** Absolute URL of the collector for this script (`<base>/insights/events`). */
  endpoint: string;
  /** Share of page loads that report, 0 to 1. */
  sampleRate: number;
}

/** From the executing `<script>`: the collector sits next to it (`…/script.js` → `…/events`), `data-sample-rate` from INSIGHTS_SAMPLE_RATE. */
export function readScriptOptions(script: HTMLOrSVGScriptElement | null): ScriptOptions | null {
  if (!(script instanceof HTMLScriptElement) || !script.src) return null;
  const endpoint = new URL('events', script.src).href;
  const rate = Number(script.dataset.sampleRate ?? '1');
  return { endpoint, sampleRate: Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : 1 };
}

/** One decision per page load: every event of a sampled-out load is dropped. */
export function isSampledIn(sampleRate: number, random: () => number = Math.random): boolean {
  return sampleRate >= 1 || random() < sampleRate;
}

/** Do-Not-Track and Global Privacy Control: a visitor who sends either gets no insights at all. */
export function isTrackingAllowed(nav: Navigator = navigator): boolean {
  const signals = nav as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  if (signals.globalPrivacyControl === true) return false;
  const doNotTrack = nav.doNotTrack ?? signals.msDoNotTrack;
  return doNotTrack !== '1' && doNotTrack !== 'yes';
}

export function readRoute(doc: Document = document): string | null {
  return doc.querySelector(`meta[name="${ROUTE_META_NAME}"]`)?.getAttribute('content') || null;
}

/**
 * The layout's breakpoints (phones below 768 px, tablets below 1024 px), through media queries where possible: on a
 * mobile viewport `innerWidth` forces a style and layout pass, and the script runs before the first paint.
 */
export function readViewportClass(win: Window = window): ViewportClass {
  if (typeof win.matchMedia !== 'function') return win.innerWidth < 768 ? 'mobile' : win.innerWidth < 1024 ? 'tablet' : 'desktop';
  if (!win.matchMedia('(min-width: 768px)').matches) return 'mobile';
  return win.matchMedia('(min-width: 1024px)').matches ? 'desktop' : 'tablet';
}

/** The referrer's host when it is another site; never its path or query. */
export function getReferrerHost(referrer: string, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).host;
    return host && host !== ownHost ? host : null;
  } catch {
    return null;
  }
}
