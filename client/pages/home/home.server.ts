import { getLoaderContext } from '#client/data/loader-helpers.ts';

import type { LoaderFunctionArgs } from 'react-router';

/** Featured models and the latest articles. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { content, options } = getLoaderContext(request, context);
  const [models, articles] = await Promise.all([content.listModels({ featured: true }, options), content.listArticles({ limit: 4 }, options)]);
  return { models: models.slice(0, 6), articles: articles.items };
}

export type HomeData = Awaited<ReturnType<typeof loader>>;
