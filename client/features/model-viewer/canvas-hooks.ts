import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

import type { RefObject } from 'react';

const HINT_VISIBLE_MS = 2500;

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

/**
 * The Fullscreen API, or where it is missing (Safari on iPhone) the figure fixed over the page with the page's scroll locked.
 * The canvas follows the figure's size (R3F measures it), so the WebGL context stays.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>): { isFullscreen: boolean; toggle: () => void } {
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [isEmulated, setIsEmulated] = useState(false);

  useEffect(() => {
    const handleChange = () => setIsFullscreen(ref.current !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, [ref]);

  useEffect(() => {
    const figure = ref.current;
    if (!isEmulated || !figure) return;
    figure.classList.add('mv-viewer--fullscreen');
    document.documentElement.classList.add('mv-scroll-lock');
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsEmulated(false);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      figure.classList.remove('mv-viewer--fullscreen');
      document.documentElement.classList.remove('mv-scroll-lock');
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [ref, isEmulated]);

  // The page behind is out of sight: Tab goes round the figure's own controls.
  const isOn = isFullscreen || isEmulated;
  useEffect(() => {
    const figure = ref.current;
    if (!isOn || !figure) return;
    const handleTab = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = [...figure.querySelectorAll<HTMLElement>('button, [href], [tabindex="0"], summary')].filter((e) => e.checkVisibility());
      const [first, last] = [focusable[0], focusable.at(-1)];
      const active = document.activeElement;
      if (!first || !last) return;
      if (event.shiftKey ? active === first || !figure.contains(active) : active === last || !figure.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', handleTab);
    return () => document.removeEventListener('keydown', handleTab);
  }, [ref, isOn]);

  const toggle = useCallback(() => {
    if (isEmulated) return setIsEmulated(false);
    // Both reject when the browser refuses (no user gesture, iframe without allow=fullscreen): then the page-level fallback.
    if (document.fullscreenElement) return void document.exitFullscreen().catch(() => {});
    if (!document.fullscreenEnabled || !ref.current?.requestFullscreen) return setIsEmulated(true);
    ref.current.requestFullscreen().catch(() => setIsEmulated(true));
  }, [ref, isEmulated]);

  return { isFullscreen: isOn, toggle };
}

/** How the visitor first reached the canvas. */
export type HintKind = 'keyboard' | 'touch' | 'pointer';
type HintState = { phase: 'pending' } | { phase: 'visible' | 'done'; kind: HintKind };

/** Once, on the first focus or touch of the canvas (never uninvited on load). */
export function useInteractionHint(): { isHintVisible: boolean; hintKind: HintKind; showHint: (kind: HintKind) => void } {
  const [state, setState] = useState<HintState>({ phase: 'pending' });

  useEffect(() => {
    if (state.phase !== 'visible') return;
    const timer = setTimeout(() => setState({ phase: 'done', kind: state.kind }), HINT_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const showHint = useCallback((kind: HintKind) => setState((current) => (current.phase === 'pending' ? { phase: 'visible', kind } : current)), []);
  // The kind is kept after the hint hides, so the text does not change while it fades out.
  return { isHintVisible: state.phase === 'visible', hintKind: state.phase === 'pending' ? 'pointer' : state.kind, showHint };
}
