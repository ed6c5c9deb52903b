import { ROUTE_META_NAME } from './constants.ts';

import type { ViewportClass } from './wire.ts';

/** The route pattern the page announced in `<meta name="vitrine:route">`, or null. */
export function readRoute(doc: Document = document): string | null {
  const content = doc.querySelector(`meta[name="${ROUTE_META_NAME}"]`)?.getAttribute('content');
  return content ? content : null;
}

/** Breakpoints match the layout's: phones below 768 px, tablets below 1024 px. */
export function getViewportClass(width: number): ViewportClass {
  if (width < 768) return 'mobile';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

/**
 * The current viewport's class. Through media queries where possible: on a
 * mobile viewport `window.innerWidth` makes Chromium lay the page out first,
 * and the insights script runs before the first paint, so that read cost a
 * forced style and layout pass on every page load.
 */
export function readViewportClass(win: Window = window): ViewportClass {
  if (typeof win.matchMedia !== 'function') return getViewportClass(win.innerWidth);
  if (!win.matchMedia('(min-width: 768px)').matches) return 'mobile';
  return win.matchMedia('(min-width: 1024px)').matches ? 'desktop' : 'tablet';
}

/** `<html lang>`, or null. */
export function readLocale(doc: Document = document): string | null {
  return doc.documentElement.lang || null;
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
