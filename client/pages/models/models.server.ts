import { contentLoader } from '#client/data/loader-helpers.ts';

export const loader = contentLoader(async ({ content, options, url }) => {
  const category = url.searchParams.get('category')?.slice(0, 100) || undefined;
  const [models, categories] = await Promise.all([content.listModels({ category }, options), content.listCategories(options)]);
  return { models, categories, category: category ?? null };
});

export type ModelsData = Awaited<ReturnType<typeof loader>>;
