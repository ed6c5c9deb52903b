import { getLoaderContext, notFound } from '#client/data/loader-helpers.ts';

import type { LoaderFunctionArgs } from 'react-router';

/** Everything carrying one public tag. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { content, options } = getLoaderContext(request, context);
  const id = params.tag ?? '';
  const tag = await content.getTag(id, options);
  if (!tag) notFound(`Tag ${id}`);
  const [articles, models] = await Promise.all([content.listArticles({ tag: id, limit: 100 }, options), content.listModels({ tag: id }, options)]);
  return { tag, articles: articles.items, models };
}

export type TagData = Awaited<ReturnType<typeof loader>>;
