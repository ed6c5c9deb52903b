import { useCallback, useEffect, useState } from 'react';

import type { RefObject } from 'react';

/** Fullscreen API on one element (the figure, so poster, canvas and buttons go fullscreen together). */
export function useFullscreen(ref: RefObject<HTMLElement | null>): {
  isSupported: boolean;
  isFullscreen: boolean;
  toggle: () => void;
} {
  const [isFullscreen, setIsFullscreen] = useState(false);
  const isSupported = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  useEffect(() => {
    const handleChange = () => setIsFullscreen(ref.current !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, [ref]);

  const toggle = useCallback(() => {
    // Both return promises that reject when the browser refuses (no user gesture, iframe without allow=fullscreen).
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
    } else {
      ref.current?.requestFullscreen().catch(() => {});
    }
  }, [ref]);

  return { isSupported, isFullscreen, toggle };
}
