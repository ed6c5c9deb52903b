import { getLoaderContext, notFound, renderField } from '#client/data/loader-helpers.ts';

import type { LoaderFunctionArgs } from 'react-router';

/** An editorial page by slug (`/about`, `/de/about`). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { content, options, richText } = getLoaderContext(request, context);
  const page = await content.getPage(params.slug ?? '', options);
  if (!page) notFound(`Page ${params.slug ?? ''}`);
  return { page: { ...page, body: renderField(richText, page.body, page, 'body') } };
}

export type PageData = Awaited<ReturnType<typeof loader>>;
