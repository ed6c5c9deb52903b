import { RouteError } from '#client/components/route-error.tsx';
import { SiteLayout } from '#client/layout/site-layout.tsx';
import { Root, RootErrorBoundary } from '#client/root.tsx';
import { LOCALE_PREFIX } from '#shared/content/types.ts';
import { paths, ROUTE_PATHS } from '#shared/urls.ts';

import type { LoaderFunction, RouteObject } from 'react-router';
import type { Locale } from '#shared/content/types.ts';

interface RouteHandle {
  /** The page module's Vite manifest key, which the server modulepreloads. */
  chunk?: string;
  /** The locale layout (its data is `useSite()`). */
  layout?: boolean;
  bare?: boolean;
  /** Other sites may frame the page (EMBED_FRAME_ANCESTORS). */
  embeddable?: boolean;
}

/** No path: the index. `page`: the folder under client/pages/ (default: the id); `loader`: `<loader>.server.ts` (default: the page's). */
const ROUTES: Array<{ id: string; path?: string; page?: string; loader?: string; handle?: RouteHandle }> = [
  { id: 'home' },
  { id: 'models', path: ROUTE_PATHS.models },
  { id: 'model', path: ROUTE_PATHS.model },
  { id: 'model-embed', path: ROUTE_PATHS.modelEmbed, page: 'embed', loader: 'model', handle: { bare: true, embeddable: true } },
  { id: 'articles', path: ROUTE_PATHS.articles },
  { id: 'article', path: ROUTE_PATHS.article },
  { id: 'tag', path: ROUTE_PATHS.tag },
  { id: 'search', path: ROUTE_PATHS.search },
  { id: 'page', path: ROUTE_PATHS.page },
  { id: 'not-found', path: '/*' },
];

// Lazy, so each page is its own chunk; the glob key is also the chunk's manifest key.
const PAGES = import.meta.glob<Pick<RouteObject, 'Component'>>('./pages/*/*-page.tsx');

function pageModule(folder: string): [chunk: string, load: () => Promise<Pick<RouteObject, 'Component'>>] {
  const entry = Object.entries(PAGES).find(([key]) => key.startsWith(`./pages/${folder}/`));
  if (!entry) throw new Error(`no page module in client/pages/${folder}/`);
  return [`client/${entry[0].slice(2)}`, entry[1]];
}

/**
 * The route table of both entries (ADR 021): the browser's loaders never run, its data strategy fetches from `/_data/`.
 * Another locale than the served ones falls to the default locale's not-found route (ADR 039).
 */
export function createRoutes(loaderFor: (name: string) => LoaderFunction, served: readonly Locale[]): RouteObject[] {
  const locales = served.map((locale): RouteObject => {
    const prefix = LOCALE_PREFIX[locale] && `${LOCALE_PREFIX[locale]}.`;
    const children = ROUTES.map(({ id, path, page = id, loader = page, handle }): RouteObject => {
      const [chunk, lazy] = pageModule(page);
      const route = { id: prefix + id, ErrorBoundary: RouteError, loader: loaderFor(loader), lazy, handle: { chunk, ...handle } };
      return path === undefined ? { ...route, index: true } : { ...route, path: path.slice(1) };
    });
    const layout = { Component: SiteLayout, ErrorBoundary: RouteError, loader: loaderFor('site-layout'), handle: { layout: true } };
    return { id: locale.slice(0, 2), path: paths.home(locale), ...layout, children };
  });
  return [{ id: 'root', Component: Root, ErrorBoundary: RootErrorBoundary, children: locales }];
}

export function isEmbeddable(matches: ReadonlyArray<{ route: { handle?: unknown } }>): boolean {
  return matches.some(({ route }) => (route.handle as RouteHandle | undefined)?.embeddable === true);
}
