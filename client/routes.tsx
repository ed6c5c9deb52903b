import { RouteError } from '#client/components/route-error.tsx';
import { siteLayoutLoader } from '#client/layout/site-layout.loader.ts';
import { SiteLayout } from '#client/layout/site-layout.tsx';
import { articleLoader } from '#client/pages/article/loader.ts';
import { articlesLoader } from '#client/pages/articles/loader.ts';
import { homeLoader } from '#client/pages/home/loader.ts';
import { modelLoader } from '#client/pages/model/loader.ts';
import { modelsLoader } from '#client/pages/models/loader.ts';
import { notFoundLoader } from '#client/pages/not-found/loader.ts';
import { pageLoader } from '#client/pages/page/loader.ts';
import { searchLoader } from '#client/pages/search/loader.ts';
import { tagLoader } from '#client/pages/tag/loader.ts';
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

function localeRoutes(prefix: string): RouteObject[] {
  return [
    page(`${prefix}home`, undefined, homeLoader, 'client/pages/home/home-page.tsx', pages.home),
    page(`${prefix}models`, 'models', modelsLoader, 'client/pages/models/models-page.tsx', pages.models),
    page(`${prefix}model`, 'models/:slug', modelLoader, 'client/pages/model/model-page.tsx', pages.model),
    page(`${prefix}model-embed`, 'models/:slug/embed', modelLoader, 'client/pages/embed/embed-page.tsx', pages.embed, { bare: true }),
    page(`${prefix}articles`, 'articles', articlesLoader, 'client/pages/articles/articles-page.tsx', pages.articles),
    page(`${prefix}article`, 'articles/:slug', articleLoader, 'client/pages/article/article-page.tsx', pages.article),
    page(`${prefix}tag`, 'tags/:tag', tagLoader, 'client/pages/tag/tag-page.tsx', pages.tag),
    page(`${prefix}search`, 'search', searchLoader, 'client/pages/search/search-page.tsx', pages.search),
    page(`${prefix}page`, ':slug', pageLoader, 'client/pages/page/content-page.tsx', pages.page),
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
