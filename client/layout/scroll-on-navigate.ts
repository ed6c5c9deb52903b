import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

import { tryDecode } from '#shared/http/safe-redirect.ts';

/** By `location.key`. */
const positions = new Map<string, number>();
/** Set as each entry commits: scroll events arrive a frame later and belong to the page then shown. */
let shown = '';

/** Again on the next frames (at most ~0.5 s) while the page is still too short for `y` (deferred sections fill in). */
function restore(y: number, frames = 30): void {
  window.scrollTo(0, y);
  if (window.scrollY < y - 1 && frames > 0) requestAnimationFrame(() => restore(y, frames - 1));
}

/**
 * react-router's `<ScrollRestoration />` in a few lines: it added 0.9 KB gzip, over the first-load budget (docs/budgets.md).
 * The first render is the browser's (it scrolls to a fragment itself).
 */
export function useScrollOnNavigate(): void {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => void positions.set(shown, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    shown = key;
    if (type === 'POP') {
      const y = positions.get(key);
      if (y !== undefined) restore(y);
    } else if (hash) document.getElementById(tryDecode(hash.slice(1)) ?? '')?.scrollIntoView();
    else window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
