import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

import type { RefObject } from 'react';

import type { HintInput } from './viewer-start.ts';

/** How long the interaction hint stays before it fades. */
export const HINT_VISIBLE_MS = 2500;

/** A media query's match; `false` on the server and during hydration, so hydration never mismatches. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/** Fullscreen API on one element (the figure, so poster, canvas and buttons go fullscreen together). */
export function useFullscreen(ref: RefObject<HTMLElement | null>): { isSupported: boolean; isFullscreen: boolean; toggle: () => void } {
  const [isFullscreen, setIsFullscreen] = useState(false);
  const isSupported = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  useEffect(() => {
    const handleChange = () => setIsFullscreen(ref.current !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, [ref]);

  const toggle = useCallback(() => {
    // Both reject when the browser refuses (no user gesture, iframe without allow=fullscreen).
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else ref.current?.requestFullscreen().catch(() => {});
  }, [ref]);

  return { isSupported, isFullscreen, toggle };
}

type HintState = { phase: 'pending' } | { phase: 'visible' | 'done'; input: HintInput };

/** The hint shows once, on the first focus or touch of the canvas (never uninvited on load), then fades. */
export function useInteractionHint(): { isHintVisible: boolean; hintInput: HintInput; showHint: (input: HintInput) => void } {
  const [state, setState] = useState<HintState>({ phase: 'pending' });

  useEffect(() => {
    if (state.phase !== 'visible') return;
    const timer = setTimeout(() => setState({ phase: 'done', input: state.input }), HINT_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const showHint = useCallback((input: HintInput) => setState((current) => (current.phase === 'pending' ? { phase: 'visible', input } : current)), []);
  // The input is kept after the hint hides, so the text does not change while it fades out.
  return { isHintVisible: state.phase === 'visible', hintInput: state.phase === 'pending' ? 'pointer' : state.input, showHint };
}
