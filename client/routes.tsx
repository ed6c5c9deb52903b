import { RouteError } from '#client/components/route-error.tsx';
import { SiteLayout } from '#client/layout/site-layout.tsx';
import { Root, RootErrorBoundary } from '#client/root.tsx';

import type { LoaderFunction, RouteObject } from 'react-router';
import type { RoutePolicyHandle } from '#client/route-policy.ts';

/**
 * The route table of both entries. Page components are lazy chunks;
 * `handle.chunk` names each chunk's Vite manifest key so the server can
 * modulepreload it. Loaders come from the caller: the server passes the real
 * ones (client/route-loaders.ts), the browser a stand-in, because its data
 * strategy (client/data/data-strategy.ts) fetches every route's data from
 * the server's `/_data/` and never runs loader code — so none of it ships.
 * `RoutePolicyHandle` flags say which pages may be framed: the one place the
 * server's CSP reads it.
 */
export type RouteLoaderName = 'layout' | 'home' | 'models' | 'model' | 'articles' | 'article' | 'tag' | 'search' | 'page' | 'notFound';
export type RouteLoaders = Record<RouteLoaderName, LoaderFunction>;

type PageModule = () => Promise<Partial<Pick<RouteObject, 'Component' | 'ErrorBoundary'>>>;

function page(
  id: string,
  path: string | undefined,
  loader: LoaderFunction,
  chunk: string,
  load: PageModule,
  handle: RoutePolicyHandle & { bare?: boolean } = {},
): RouteObject {
  const base = { id, loader, lazy: load, handle: { chunk, ...handle } };
  return path === undefined ? { ...base, index: true } : { ...base, path };
}

// Vite needs literal import() specifiers to split chunks, hence one function per page.
const pages = {
  home: () => import('#client/pages/home/home-page.tsx'),
  models: () => import('#client/pages/models/models-page.tsx'),
  model: () => import('#client/pages/model/model-page.tsx'),
  embed: () => import('#client/pages/embed/embed-page.tsx'),
  articles: () => import('#client/pages/articles/articles-page.tsx'),
  article: () => import('#client/pages/article/article-page.tsx'),
  tag: () => import('#client/pages/tag/tag-page.tsx'),
  page: () => import('#client/pages/page/content-page.tsx'),
  search: () => import('#client/pages/search/search-page.tsx'),
  notFound: () => import('#client/pages/not-found/not-found-page.tsx'),
};

function localeRoutes(prefix: string, loaders: RouteLoaders): RouteObject[] {
  return [
    page(`${prefix}home`, undefined, loaders.home, 'client/pages/home/home-page.tsx', pages.home),
    page(`${prefix}models`, 'models', loaders.models, 'client/pages/models/models-page.tsx', pages.models),
    page(`${prefix}model`, 'models/:slug', loaders.model, 'client/pages/model/model-page.tsx', pages.model),
    page(`${prefix}model-embed`, 'models/:slug/embed', loaders.model, 'client/pages/embed/embed-page.tsx', pages.embed, { bare: true, embeddable: true }),
    page(`${prefix}articles`, 'articles', loaders.articles, 'client/pages/articles/articles-page.tsx', pages.articles),
    page(`${prefix}article`, 'articles/:slug', loaders.article, 'client/pages/article/article-page.tsx', pages.article),
    page(`${prefix}tag`, 'tags/:tag', loaders.tag, 'client/pages/tag/tag-page.tsx', pages.tag),
    page(`${prefix}search`, 'search', loaders.search, 'client/pages/search/search-page.tsx', pages.search),
    page(`${prefix}page`, ':slug', loaders.page, 'client/pages/page/content-page.tsx', pages.page),
    page(`${prefix}not-found`, '*', loaders.notFound, 'client/pages/not-found/not-found-page.tsx', pages.notFound),
  ];
}

function localeLayout(id: string, path: string, prefix: string, loaders: RouteLoaders): RouteObject {
  return {
    id,
    path,
    Component: SiteLayout,
    ErrorBoundary: RouteError,
    loader: loaders.layout,
    handle: { layout: true },
    children: localeRoutes(prefix, loaders),
  };
}

export function createRoutes(loaders: RouteLoaders): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      children: [localeLayout('en', '/', '', loaders), localeLayout('de', '/de', 'de.', loaders)],
    },
  ];
}

/**
 * The browser's loaders: each route still needs one (so React Router asks the
 * data strategy for its data), but the data strategy answers from `/_data/`
 * without calling it. Reaching it would be a wiring bug, so it says so.
 */
const remoteLoader: LoaderFunction = () => {
  throw new Error('route data is loaded from /_data/ by the data strategy; a browser loader must not run');
};
export const browserLoaders: RouteLoaders = {
  layout: remoteLoader,
  home: remoteLoader,
  models: remoteLoader,
  model: remoteLoader,
  articles: remoteLoader,
  article: remoteLoader,
  tag: remoteLoader,
  search: remoteLoader,
  page: remoteLoader,
  notFound: remoteLoader,
};
