import { RouteError } from '#client/components/route-error.tsx';
import { siteLayoutLoader } from '#client/layout/site-layout.loader.ts';
import { SiteLayout } from '#client/layout/site-layout.tsx';
import { homeLoader } from '#client/pages/home/loader.ts';
import { notFoundLoader } from '#client/pages/not-found/loader.ts';
import { Root, RootErrorBoundary } from '#client/root.tsx';

import type { LoaderFunction, RouteObject } from 'react-router';

/**
 * The route table both entries import. Loaders are small and static (they
 * only read services from the router context); page components are lazy
 * chunks. `handle.chunk` names each chunk's Vite manifest key so the server
 * can modulepreload it.
 */

type PageModule = () => Promise<Partial<Pick<RouteObject, 'Component' | 'ErrorBoundary'>>>;

function page(id: string, path: string | undefined, loader: LoaderFunction, chunk: string, load: PageModule, handle: object = {}): RouteObject {
  const base = { id, loader, lazy: load, handle: { chunk, ...handle } };
  return path === undefined ? { ...base, index: true } : { ...base, path };
}

// Vite needs literal import() specifiers to split chunks, hence one function per page.
const pages = {
  home: () => import('#client/pages/home/home-page.tsx'),
  notFound: () => import('#client/pages/not-found/not-found-page.tsx'),
};

function localeRoutes(prefix: string): RouteObject[] {
  return [
    page(`${prefix}home`, undefined, homeLoader, 'client/pages/home/home-page.tsx', pages.home),
    page(`${prefix}not-found`, '*', notFoundLoader, 'client/pages/not-found/not-found-page.tsx', pages.notFound),
  ];
}

function localeLayout(id: string, path: string, prefix: string): RouteObject {
  return { id, path, Component: SiteLayout, ErrorBoundary: RouteError, loader: siteLayoutLoader, handle: { layout: true }, children: localeRoutes(prefix) };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    children: [localeLayout('en', '/', ''), localeLayout('de', '/de', 'de.')],
  },
];
