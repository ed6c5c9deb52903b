import { useSyncExternalStore } from 'react';

import { networkInformation } from '#client/components/network.ts';

import { getStartMode, TOUCH_FIRST_QUERY } from './viewer-options.ts';

import type { StartMode } from './viewer-options.ts';

const OPT_IN_KEY = 'vitrine:viewer-3d';
const optInListeners = new Set<() => void>();

function hasOptedIn(): boolean {
  try {
    return window.sessionStorage.getItem(OPT_IN_KEY) === '1';
  } catch {
    return false; // Storage blocked: every page asks again.
  }
}

/** The visitor pressed "View in 3D": later viewers in this tab start by themselves. */
export function rememberOptIn(): void {
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

function subscribe(onChange: () => void): () => void {
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

/**
 * The viewer's start mode (viewer-options.ts getStartMode) for this device,
 * or null on the server and during hydration, when it cannot be known yet:
 * nothing may start, and nothing may render differently from the server.
 */
export function useStartMode(): StartMode | null {
  return useSyncExternalStore<StartMode | null>(subscribe, readStartMode, () => null);
}
