import { useEffect, useState, useSyncExternalStore } from 'react';

import { networkInformation } from '#client/components/idle.ts';
import { reportSearchConversion } from '#client/features/insights/search-analytics/index.ts';

import type { RefObject } from 'react';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const COARSE_POINTER_QUERY = '(pointer: coarse)';
/** Phones and tablets: a finger as the only pointer, no hover. */
const TOUCH_FIRST_QUERY = '(hover: none) and (pointer: coarse)';

/** `auto`: start when the figure nears the viewport (or at once when eager). `on-request`: a "View in 3D" button. */
type StartMode = 'auto' | 'on-request';

/** Touch-first devices and Save-Data start on request until the visitor once pressed the button (docs/decisions/008-viewer-start-on-request.md). */
export function getStartMode(options: { isTouchFirst: boolean; saveData: boolean; hasOptedIn: boolean }): StartMode {
  if (options.hasOptedIn) return 'auto';
  return options.isTouchFirst || options.saveData ? 'on-request' : 'auto';
}

/** Off for good after the first interaction. */
export function getShouldAutoRotate(options: { requested: boolean | undefined; prefersReducedMotion: boolean; hasInteracted: boolean }): boolean {
  return options.requested === true && !options.prefersReducedMotion && !options.hasInteracted;
}

const OPT_IN_KEY = 'vitrine:viewer-3d';
const optInListeners = new Set<() => void>();

function hasOptedIn(): boolean {
  try {
    return window.sessionStorage.getItem(OPT_IN_KEY) === '1';
  } catch {
    return false; // Storage blocked: every page asks again.
  }
}

/** Later viewers in this tab start by themselves, and a search that led here converted. */
export function rememberOptIn(): void {
  reportSearchConversion('3d');
  try {
    window.sessionStorage.setItem(OPT_IN_KEY, '1');
  } catch {
    // Storage blocked: the button still starts this viewer.
  }
  for (const listener of optInListeners) listener();
}

function readStartMode(): StartMode {
  const isTouchFirst = typeof window.matchMedia === 'function' && window.matchMedia(TOUCH_FIRST_QUERY).matches;
  return getStartMode({ isTouchFirst, saveData: networkInformation()?.saveData === true, hasOptedIn: hasOptedIn() });
}

function subscribeStartMode(onChange: () => void): () => void {
  const list = typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_FIRST_QUERY) : null;
  list?.addEventListener('change', onChange);
  networkInformation()?.addEventListener?.('change', onChange);
  optInListeners.add(onChange);
  return () => {
    list?.removeEventListener('change', onChange);
    networkInformation()?.removeEventListener?.('change', onChange);
    optInListeners.delete(onChange);
  };
}

/** This device's start mode, or null on the server and during hydration: nothing may start or render differently then. */
export function useStartMode(): StartMode | null {
  return useSyncExternalStore<StartMode | null>(subscribeStartMode, readStartMode, () => null);
}

const NEAR_VIEWPORT_MARGIN = '200px';

/** Becomes true (for good) once the element comes near the viewport; at once without IntersectionObserver. */
export function useNearViewport(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!enabled || isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setIsNear(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setIsNear(true);
        observer.disconnect();
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, isNear]);

  return isNear;
}

interface ProbeCanvas {
  getContext(contextId: 'webgl2' | 'webgl'): unknown;
}

/** As `<model-viewer>` does; the probe context is released at once (browsers cap live contexts). */
export function detectWebGL(createCanvas: () => ProbeCanvas = () => document.createElement('canvas')): boolean {
  try {
    const canvas = createCanvas();
    const context = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as { getExtension(name: string): { loseContext(): void } | null } | null;
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    return context !== null;
  } catch {
    return false;
  }
}

let cachedSupport: boolean | undefined;

export function getWebGLSupport(): boolean {
  cachedSupport ??= detectWebGL();
  return cachedSupport;
}
