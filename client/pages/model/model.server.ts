import { getLoaderContext, notFound, renderField } from '#client/data/loader-helpers.ts';

import type { LoaderFunctionArgs } from 'react-router';

/** One model with the entries that feature it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { content, options, richText } = getLoaderContext(request, context);
  const model = await content.getModel(params.slug ?? '', options);
  if (!model) notFound(`Model ${params.slug ?? ''}`);
  const appearsIn = await content.getLinkingEntries(model.id, options);
  return { model: { ...model, description: renderField(richText, model.description, model, 'description') }, appearsIn };
}

export type ModelData = Awaited<ReturnType<typeof loader>>;
