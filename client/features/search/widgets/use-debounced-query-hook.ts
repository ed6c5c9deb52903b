import { useCallback, useEffect, useRef } from 'react';

/** Typing pauses shorter than this send one query, not one per key. */
export const SEARCH_DEBOUNCE_MS = 150;

/**
 * A stable SearchBox `queryHook` that sends the latest query once typing pauses. InstantSearch still discards any answer older than one already shown, so a
 * slow early response never replaces a newer one.
 */
export function useDebouncedQueryHook(delayMs = SEARCH_DEBOUNCE_MS): (query: string, search: (value: string) => void) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (query: string, search: (value: string) => void) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => search(query), delayMs);
    },
    [delayMs],
  );
}
