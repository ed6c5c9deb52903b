import { siteLayoutLoader } from '#client/layout/site-layout.loader.ts';
import { articleLoader } from '#client/pages/article/loader.ts';
import { articlesLoader } from '#client/pages/articles/loader.ts';
import { homeLoader } from '#client/pages/home/loader.ts';
import { modelLoader } from '#client/pages/model/loader.ts';
import { modelsLoader } from '#client/pages/models/loader.ts';
import { notFoundLoader } from '#client/pages/not-found/loader.ts';
import { pageLoader } from '#client/pages/page/loader.ts';
import { searchLoader } from '#client/pages/search/loader.ts';
import { tagLoader } from '#client/pages/tag/loader.ts';

import type { RouteLoaders } from '#client/routes.tsx';

/**
 * The routes' real loaders, for the server's static handler (and `/_data/`).
 * Server-side only: the browser bundle never imports this module
 * (client/routes.tsx explains why).
 */
export const serverLoaders: RouteLoaders = {
  layout: siteLayoutLoader,
  home: homeLoader,
  models: modelsLoader,
  model: modelLoader,
  articles: articlesLoader,
  article: articleLoader,
  tag: tagLoader,
  search: searchLoader,
  page: pageLoader,
  notFound: notFoundLoader,
};
