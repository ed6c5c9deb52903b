import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

import { tryDecode } from '#shared/http/safe-redirect.ts';

/** Scroll position per history entry (`location.key`), for Back and Forward; this tab only. */
const positions = new Map<string, number>();
/** The entry on screen, set as each one commits: scroll events arrive a frame later and belong to the page then shown. */
let shown = '';

/** Back to `y`, again on the next frames while the page is still too short for it (deferred sections fill in), for at most ~0.5 s. */
function restore(y: number, frames = 30): void {
  window.scrollTo(0, y);
  if (window.scrollY < y - 1 && frames > 0) requestAnimationFrame(() => restore(y, frames - 1));
}

/**
 * What react-router's `<ScrollRestoration />` does, in a few lines: it added 0.9 KB gzip to the first load, over the 110 KB
 * budget (docs/budgets.md). A client navigation opens at the top or at its `#fragment`; Back and Forward return to where the
 * visitor was. The first render is the browser's (it scrolls to a fragment itself).
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
    // Only a new history entry moves the page; `type` and `hash` belong to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
