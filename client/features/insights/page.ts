import type { ViewportClass } from '#shared/insights.ts';

// Script paths as hosted providers lay them out (server/insights/README.md).
export const PAGE_VIEWS_SCRIPT = '/insights/script.js';
export const SPEED_INSIGHTS_SCRIPT = '/speed-insights/script.js';

export const ROUTE_META_NAME = 'vitrine:route';

export const NAVIGATION_EVENT = 'vitrine:navigation';
export interface NavigationDetail {
  route: string;
}

export interface ScriptOptions {
  endpoint: string;
  sampleRate: number;
}

/** The collector sits next to the script (`…/script.js` → `…/events`). */
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

export function isTrackingAllowed(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl !== true && navigator.doNotTrack !== '1';
}

export function readRoute(): string | null {
  return document.querySelector(`meta[name="${ROUTE_META_NAME}"]`)?.getAttribute('content') || null;
}

/** Media queries where possible: on mobile `innerWidth` forces a layout pass, and the script runs before the first paint. */
export function readViewportClass(win: Window = window): ViewportClass {
  if (typeof win.matchMedia !== 'function') return win.innerWidth < 768 ? 'mobile' : win.innerWidth < 1024 ? 'tablet' : 'desktop';
  if (!win.matchMedia('(min-width: 768px)').matches) return 'mobile';
  return win.matchMedia('(min-width: 1024px)').matches ? 'desktop' : 'tablet';
}

export function getReferrerHost(referrer: string, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).host;
    return host && host !== ownHost ? host : null;
  } catch {
    return null;
  }
}
