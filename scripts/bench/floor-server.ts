/** The page bench's floor (ADR 035): a bare site on the same libraries serving the same articles, with none of our code. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { documentToReactComponents } from '@contentful/rich-text-react-renderer';
import express from 'express';
import { createElement as h, Fragment } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link, Outlet, StaticRouterProvider, useLoaderData } from 'react-router';

import type { Document } from '@contentful/rich-text-types';

type Item = { sys: { id: string; contentType?: { sys: { id: string } } }; fields: Record<string, { 'en-US'?: unknown } | undefined> };
type Image = { url: string; details: { image: { width: number; height: number } } };
const ROOT = join(import.meta.dirname, '../..');
const space = JSON.parse(readFileSync(join(ROOT, 'content/space-export.json'), 'utf8')) as { entries: Item[]; assets: Item[] };
const byId = new Map([...space.entries, ...space.assets].map((item) => [item.sys.id, item]));
const en = <T = string>(item: Item | undefined, field: string) => item?.fields[field]?.['en-US'] as T;
const linked = (item: Item, field: string) => byId.get(en<{ sys: { id: string } } | undefined>(item, field)?.sys.id ?? '');

const articles = new Map(
  space.entries
    .filter((entry) => entry.sys.contentType?.sys.id === 'article')
    .map((entry) => {
      const [hero, author] = [linked(entry, 'heroImage'), linked(entry, 'author')];
      const file = en<Image | undefined>(hero, 'file');
      const image = file && { url: `https:${file.url}`, alt: en(hero, 'description'), ...file.details.image };
      const article = { title: en(entry, 'title'), excerpt: en(entry, 'excerpt'), publishDate: en(entry, 'publishDate'), author: en(author, 'name') };
      return [en<string>(entry, 'slug'), { ...article, hero: image, body: en<Document>(entry, 'body') }] as const;
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
  const nav = [...articles].slice(0, 6).map(([slug, { title }]) => h('li', { key: slug }, h(Link, { to: `/articles/${slug}` }, title)));
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Floor'), h('style', { dangerouslySetInnerHTML: { __html: css } })),
    h('body', null, h('header', null, h('nav', null, h('ul', null, nav))), h('main', null, h(Outlet)), h('footer', null, h('p', null, '© Floor'))),
  );
}

function ArticlePage() {
  const { title, author, publishDate, hero, excerpt, body } = useLoaderData<Article>();
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(publishDate));
  const image = hero && h('img', { src: hero.url, alt: hero.alt, width: hero.width, height: hero.height, fetchPriority: 'high' });
  const byline = h('p', null, `${author} · `, h('time', { dateTime: publishDate }, date));
  return h('article', null, h('h1', null, title), byline, image, h('p', null, excerpt), h(Fragment, null, documentToReactComponents(body)));
}

const notFound = () => Promise.reject(new Response('Not Found', { status: 404 }));
const article = {
  path: 'articles/:slug',
  Component: ArticlePage,
  loader: ({ params }: { params: { slug?: string } }) => articles.get(params.slug ?? '') ?? notFound(),
};
const handler = createStaticHandler([{ path: '/', Component: Layout, children: [article] }]);
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
