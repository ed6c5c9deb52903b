import { whenIdleAfterLoad } from '#client/components/idle.ts';

import type { ComponentType } from 'react';
import type { Locale } from '#shared/content/types.ts';

/** What the server-rendered input held when the interactive box took over. */
export interface SearchHandoff {
  value: string;
  focused: boolean;
  selectionStart: number | null;
  selectionEnd: number | null;
}

export interface HeaderSearchBoxProps {
  locale: Locale;
  /**
   * Reads the server-rendered input as it is now. The plain form stays on screen (and keeps taking keystrokes) until the interactive input is in the DOM, so
   * the box calls this as late as it can: when its input mounts.
   */
  takeHandoff: () => SearchHandoff;
  /** The interactive input is mounted and focused: the plain form can go. */
  onReady: () => void;
}

type HeaderSearchBox = ComponentType<HeaderSearchBoxProps>;

let loaded: HeaderSearchBox | undefined;
let loading: Promise<HeaderSearchBox> | undefined;

/**
 * Loads the interactive header search (InstantSearch, the lite client, search-insights) as its own chunk, once. Nothing of it is in the first-load bundle:
 * the header renders a plain form until then.
 */
export function loadHeaderSearchBox(): Promise<HeaderSearchBox> {
  loading ??= import('./widgets/header-search-box.tsx').then(
    (module) => (loaded = module.HeaderSearchBox),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The interactive box if its chunk already arrived (so a focus can swap it in synchronously). */
export function getLoadedHeaderSearchBox(): HeaderSearchBox | undefined {
  return loaded;
}

/**
 * Fetches the chunk when the browser is idle after the page loaded, so the first focus rarely waits and the page's own load never competes with it. Returns a
 * cancel function.
 */
export function preloadWhenIdle(timeoutMs = 4000): () => void {
  if (loaded || typeof window === 'undefined') return () => {};
  return whenIdleAfterLoad(() => void loadHeaderSearchBox().catch(() => undefined), timeoutMs);
}

/** Reads the server-rendered input before it is replaced. */
export function readHandoff(input: HTMLInputElement | null, wantsFocus: boolean): SearchHandoff {
  if (!input) return { value: '', focused: wantsFocus, selectionStart: null, selectionEnd: null };
  return {
    value: input.value,
    focused: wantsFocus || input.ownerDocument.activeElement === input,
    selectionStart: input.selectionStart,
    selectionEnd: input.selectionEnd,
  };
}
