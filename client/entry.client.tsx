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
    /** The URL the server rendered this document for (its canonical form of the address). */
    __vitrineUrl?: string;
    /** Set once the router hydrated; e2e tests use it to tell client navigations from document loads. */
    __vitrineHydrated?: boolean;
  }
}

/** Resolves the lazy modules of the routes the server rendered, so hydration finds the same components. */
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

/** Marks the document hydrated once React committed it; hydration runs in time slices, so not before. */
function HydrationMark() {
  useEffect(() => {
    window.__vitrineHydrated = true;
  }, []);
  return null;
}

// The server rendered the canonical URL (`?utm_…` and other parameters no route reads dropped):
// adopt it, so the router's location and the links built from it match the HTML.
const rendered = window.__vitrineUrl;
const { pathname, search, hash } = window.location;
if (rendered && rendered !== pathname + search) {
  window.history.replaceState(window.history.state, '', rendered + hash);
}

// Every route needs a loader for the data strategy to be asked for its data; it answers from `/_data/` instead of calling it.
const noLoader = () => () => {
  throw new Error('route data comes from /_data/ through the data strategy');
};
// Only the locales the server serves (ADR 039): a dropped locale's URLs are unknown URLs here too.
const routes = createRoutes(noLoader, window.__vitrineConfig.locales);
// Not a top-level await: this module shares the app chunk with the shared code the page modules import (scripts/build.ts),
// and a chunk that awaited its own importers would never finish evaluating.
void resolveLazyMatches(routes).then(hydrate);

function hydrate(): void {
  setPrefetchRoutes(routes);
  const router = createBrowserRouter(routes, { dataStrategy });
  // A viewer's link state (`?hotspot=`, `?view=`: ADR 049; `?ar=1`, the QR code's) is read in the browser only: back in the address,
  // not in the router's location.
  const linked = search.match(/[?&](hotspot|view|ar)=[^&]*/g);
  if (rendered && linked) {
    window.history.replaceState(window.history.state, '', `${rendered}${rendered.includes('?') ? '&' : '?'}${linked.join('').slice(1)}${hash}`);
  }

  // In a transition, hydration yields to the browser every few milliseconds instead of
  // one long task (Lighthouse's total blocking time), as React Router's default entry does.
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
          // Surfaces hydration mismatches in the console, where the e2e tests look for them.
          console.error('recoverable error', error);
        },
      },
    );
  });
}
