import { contentLoader, notFound } from '#client/data/loader-helpers.ts';

export const loader = contentLoader(async ({ content, options, params }) => {
  const id = params.tag ?? '';
  const tag = await content.getTag(id, options);
  if (!tag) notFound(`Tag ${id}`);
  const [articles, models] = await Promise.all([content.listArticles({ tag: id, limit: 100 }, options), content.listModels({ tag: id }, options)]);
  return { tag, articles: articles.items, models };
});

export type TagData = Awaited<ReturnType<typeof loader>>;
