import { contentLoader, notFound, renderField } from '#client/data/loader-helpers.ts';

/** One model with the entries that feature it. */
export const loader = contentLoader(async ({ content, options, richText, params }) => {
  const model = await content.getModel(params.slug ?? '', options);
  if (!model) notFound(`Model ${params.slug ?? ''}`);
  const appearsIn = await content.getLinkingEntries(model.id, options);
  return { model: { ...model, description: renderField(richText, model.description, model, 'description') }, appearsIn };
});

export type ModelData = Awaited<ReturnType<typeof loader>>;
