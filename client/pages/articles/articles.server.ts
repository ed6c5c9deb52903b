import { data } from 'react-router';

import { contentLoader, notFound } from '#client/data/loader-helpers.ts';

const ARTICLES_PER_PAGE = 9;

export const loader = contentLoader(async ({ content, options, url }) => {
  const raw = url.searchParams.get('page') ?? '1';
  if (!/^[1-9]\d{0,4}$/.test(raw)) throw data({ message: 'page must be a positive whole number' }, { status: 400, statusText: 'Bad Request' });
  const page = Number(raw);
  const result = await content.listArticles({ skip: (page - 1) * ARTICLES_PER_PAGE, limit: ARTICLES_PER_PAGE }, options);
  const pageCount = Math.max(1, Math.ceil(result.total / ARTICLES_PER_PAGE));
  if (page > pageCount) notFound(`Page ${page} of the articles`);
  return { articles: result.items, page, pageCount };
});

export type ArticlesData = Awaited<ReturnType<typeof loader>>;
