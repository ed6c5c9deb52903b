import { useEffect, useLayoutEffect, useRef } from 'react';
import { useInstantSearch, useInstantSearchContext } from 'react-instantsearch';

import { fromSearchUiState, toSearchPageHref } from '#shared/search.ts';

import type { Middleware } from 'instantsearch.js';
import type { Locale } from '#shared/content/types.ts';

/** Browsers throttle history updates (Safari: 100 per 30 s), so typing writes once it pauses. */
const WRITE_DELAY_MS = 400;

/**
 * Replaces the history entry, keeping react-router's `history.state`. InstantSearch's own router would push entries and listen to popstate
 * behind react-router's back; back and forward are react-router navigations that render from the loader.
 */
function createUrlSyncMiddleware(locale: Locale, indexName: string): Middleware {
  return () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return {
      $$type: 'vitrine.url-sync',
      $$internal: false,
      subscribe() {},
      started() {},
      onStateChange({ uiState }) {
        clearTimeout(timer);
        timer = setTimeout(() => {
          const href = toSearchPageHref(locale, fromSearchUiState(uiState[indexName]));
          const target = new URL(href, window.location.href);
          if (target.pathname !== window.location.pathname || target.search === window.location.search) return;
          window.history.replaceState(window.history.state, '', href);
        }, WRITE_DELAY_MS);
      },
      unsubscribe() {
        clearTimeout(timer);
      },
    };
  };
}

export function useUrlSync(locale: Locale): void {
  const { addMiddlewares } = useInstantSearch();
  const { indexName } = useInstantSearchContext();
  useEffect(() => addMiddlewares(createUrlSyncMiddleware(locale, indexName)), [addMiddlewares, locale, indexName]);
}

type DisposableSearch = ReturnType<typeof useInstantSearchContext> & { _preventWidgetCleanup?: boolean };

/** A helper because the instance is InstantSearch's, not React state (the hooks lint rule cannot tell); react-instantsearch sets this flag itself. */
function keepWidgetsOnUnmount(search: DisposableSearch, keep: boolean): void {
  search._preventWidgetCleanup = keep;
}

/**
 * Disposes the InstantSearch root when the page unmounts. Under `<InstantSearchSSRProvider>` react-instantsearch keeps the instance alive (its StrictMode
 * guard) and each widget's cleanup would send one more search. So, as it does without the provider: mark widgets as staying, dispose a tick later, cancel
 * that when StrictMode mounts again.
 */
export function useDisposeOnUnmount(): void {
  const search = useInstantSearchContext() as DisposableSearch;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLayoutEffect(() => {
    clearTimeout(timer.current);
    keepWidgetsOnUnmount(search, false);
    return () => {
      keepWidgetsOnUnmount(search, true);
      timer.current = setTimeout(() => search.dispose());
    };
  }, [search]);
}
