import { contentLoader, perContentVersion } from '#client/data/loader-helpers.ts';

export const loader = contentLoader(async ({ content, options }) => {
  const [models, articles] = await Promise.all([content.listModels({ featured: true }, options), content.listArticles({ limit: 4 }, options)]);
  return perContentVersion([models, articles], '', () => ({ models: models.slice(0, 6), articles: articles.items }));
});

export type HomeData = Awaited<ReturnType<typeof loader>>;
