/** The page bench's floor (ADR 035): a bare site on the same libraries serving the same articles, with none of our code. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { documentToReactComponents } from '@contentful/rich-text-react-renderer';
import express from 'express';
import { createElement as h, Fragment } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link, Outlet, StaticRouterProvider, useLoaderData } from 'react-router';

import type { Document } from '@contentful/rich-text-types';
import type { RouteObject } from 'react-router';

interface EntryLink {
  sys: { id: string };
}
interface Item {
  sys: { id: string; contentType?: { sys: { id: string } } };
  fields: Record<string, Record<string, unknown> | undefined>;
}
const ROOT = join(import.meta.dirname, '../..');
const space = JSON.parse(readFileSync(join(ROOT, 'content/space-export.json'), 'utf8')) as { entries: Item[]; assets: Item[] };
const en = (item: Item | undefined, field: string) => item?.fields[field]?.['en-US'];
const byId = new Map([...space.entries, ...space.assets].map((item) => [item.sys.id, item]));
const linked = (item: Item, field: string) => byId.get((en(item, field) as EntryLink | undefined)?.sys.id ?? '');

const articles = new Map(
  space.entries
    .filter((entry) => entry.sys.contentType?.sys.id === 'article')
    .map((entry) => {
      const hero = linked(entry, 'heroImage');
      const file = en(hero ?? { sys: { id: '' }, fields: {} }, 'file') as { url: string; details: { image: { width: number; height: number } } } | undefined;
      const article = {
        title: en(entry, 'title') as string,
        excerpt: en(entry, 'excerpt') as string,
        publishDate: en(entry, 'publishDate') as string,
        author: en(linked(entry, 'author'), 'name') as string,
        hero: file && { url: `https:${file.url}`, alt: en(hero, 'description') as string, ...file.details.image },
        body: en(entry, 'body') as Document,
      };
      return [en(entry, 'slug') as string, article] as const;
    }),
);
type Article = NonNullable<ReturnType<typeof articles.get>>;

// Inlined as the app inlines it (ADR 009), so both pages carry the same CSS bytes.
const assetsDir = join(ROOT, 'dist/client/assets');
const css = readdirSync(assetsDir)
  .filter((name) => name.endsWith('.css'))
  .map((name) => readFileSync(join(assetsDir, name), 'utf8'))
  .join('\n');

function Layout() {
  const nav = [...articles.keys()].slice(0, 6).map((slug) => h('li', { key: slug }, h(Link, { to: `/articles/${slug}` }, articles.get(slug)?.title)));
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Floor'), h('style', { dangerouslySetInnerHTML: { __html: css } })),
    h('body', null, h('header', null, h('nav', null, h('ul', null, nav))), h('main', null, h(Outlet)), h('footer', null, h('p', null, '© Floor'))),
  );
}

function ArticlePage() {
  const article = useLoaderData<Article>();
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(article.publishDate));
  return h(
    'article',
    null,
    h('h1', null, article.title),
    h('p', null, `${article.author} · `, h('time', { dateTime: article.publishDate }, date)),
    article.hero && h('img', { src: article.hero.url, alt: article.hero.alt, width: article.hero.width, height: article.hero.height, fetchPriority: 'high' }),
    h('p', null, article.excerpt),
    h(Fragment, null, documentToReactComponents(article.body)),
  );
}

const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    children: [
      {
        path: 'articles/:slug',
        Component: ArticlePage,
        loader: ({ params }) => articles.get(params.slug ?? '') ?? Promise.reject(new Response('Not Found', { status: 404 })),
      },
    ],
  },
];
const handler = createStaticHandler(routes);
const port = Number(process.argv[2] ?? 0);

express()
  .get('/{*path}', async (req, res) => {
    const context = await handler.query(new Request(`http://127.0.0.1:${port}${req.originalUrl}`));
    if (context instanceof Response) return void res.status(context.status).end();
    const router = createStaticRouter(handler.dataRoutes, context);
    const stream = renderToPipeableStream(h(StaticRouterProvider, { router, context }), {
      onShellReady() {
        res.status(context.statusCode).setHeader('Content-Type', 'text/html; charset=utf-8');
        stream.pipe(res);
      },
      onShellError: () => void res.status(500).end(),
    });
  })
  .listen(port, '127.0.0.1');
