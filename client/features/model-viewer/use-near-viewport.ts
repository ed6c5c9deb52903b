import { useEffect, useState } from 'react';

import type { RefObject } from 'react';

/**
 * Becomes true once the element comes within `rootMargin` of the viewport and
 * stays true. Without IntersectionObserver it is true right after mount, so
 * old browsers still get the viewer. Always false during SSR and hydration.
 */
export function useNearViewport(ref: RefObject<Element | null>, options: { rootMargin?: string; enabled?: boolean } = {}): boolean {
  const { rootMargin = '200px', enabled = true } = options;
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
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, enabled, isNear]);

  return isNear;
}
