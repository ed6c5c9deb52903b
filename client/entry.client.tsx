// Must stay first: installs React Fast Refresh before any component module runs (empty in production).
import '@vitejs/plugin-react/preamble';

import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppConfigProvider } from '#client/components/app-config.tsx';
import { setPrefetchRoutes } from '#client/components/prefetch-link.tsx';
import { dataStrategy } from '#client/data/data-strategy.ts';
import { createRoutes } from '#client/routes.tsx';

import type { RouteObject } from 'react-router';
import type { PublicConfig } from '#shared/public-config.ts';

declare global {
  interface Window {
    __vitrineConfig: PublicConfig;
    /** The canonical URL the server rendered this document for. */
    __vitrineUrl?: string;
    /** e2e tests tell client navigations from document loads by it. */
    __vitrineHydrated?: boolean;
  }
}

/** Hydration must find the components the server rendered. */
async function resolveLazyMatches(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/** Hydration runs in time slices, so only a committed effect means it is done. */
function HydrationMark() {
  useEffect(() => {
    window.__vitrineHydrated = true;
  }, []);
  return null;
}

// Adopt the canonical URL the server rendered (`?utm_…` dropped), so the router's location matches the HTML.
const rendered = window.__vitrineUrl;
const { pathname, search, hash } = window.location;
if (rendered && rendered !== pathname + search) {
  window.history.replaceState(window.history.state, '', rendered + hash);
}

// The data strategy is asked only for routes with a loader; it answers from `/_data/` instead of calling it.
const noLoader = () => () => {
  throw new Error('route data comes from /_data/ through the data strategy');
};
const routes = createRoutes(noLoader, window.__vitrineConfig.locales);
// Not a top-level await: this module shares the app chunk with the shared code the page modules import (scripts/build.ts),
// and a chunk that awaited its own importers would never finish evaluating.
void resolveLazyMatches(routes).then(hydrate);

function hydrate(): void {
  setPrefetchRoutes(routes);
  const router = createBrowserRouter(routes, { dataStrategy });
  // A viewer's link state (`?hotspot=`, `?view=`, `?ar=1`: ADR 049) is read in the browser only: back in the address, not in the router's.
  const linked = search.match(/[?&](hotspot|view|ar)=[^&]*/g);
  if (rendered && linked) {
    window.history.replaceState(window.history.state, '', `${rendered}${rendered.includes('?') ? '&' : '?'}${linked.join('').slice(1)}${hash}`);
  }

  // In a transition hydration yields every few milliseconds instead of one long task (total blocking time).
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <AppConfigProvider value={window.__vitrineConfig}>
          <RouterProvider router={router} />
          <HydrationMark />
        </AppConfigProvider>
      </StrictMode>,
      {
        onRecoverableError(error) {
          // The e2e tests look for hydration mismatches in the console.
          console.error('recoverable error', error);
        },
      },
    );
  });
}
