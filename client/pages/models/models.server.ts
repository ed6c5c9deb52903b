import { getLoaderContext } from '#client/data/loader-helpers.ts';

import type { LoaderFunctionArgs } from 'react-router';

/** All models, optionally narrowed to a taxonomy category (and its narrower concepts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { content, options, url } = getLoaderContext(request, context);
  const category = url.searchParams.get('category')?.slice(0, 100) || undefined;
  const [models, categories] = await Promise.all([content.listModels({ category }, options), content.listCategories(options)]);
  return { models, categories, category: category ?? null };
}

export type ModelsData = Awaited<ReturnType<typeof loader>>;
