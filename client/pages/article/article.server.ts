import { getLoaderContext, notFound, renderField } from '#client/data/loader-helpers.ts';

import type { LoaderFunctionArgs } from 'react-router';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { content, options, richText } = getLoaderContext(request, context);
  const article = await content.getArticle(params.slug ?? '', options);
  if (!article) notFound(`Article ${params.slug ?? ''}`);
  return { article: { ...article, body: renderField(richText, article.body, article, 'body') } };
}

export type ArticleData = Awaited<ReturnType<typeof loader>>;
