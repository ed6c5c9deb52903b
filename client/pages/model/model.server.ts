import { contentLoader, notFound, perContentVersion, renderField } from '#client/data/loader-helpers.ts';

import type { RenderedRichText } from '#shared/content/types.ts';

export const loader = contentLoader(async ({ content, options, info, richText, params, url }) => {
  const model = await content.getModel(params.slug ?? '', options);
  if (!model) notFound(`Model ${params.slug ?? ''}`);
  const appearsIn = await content.getLinkingEntries(model.id, options);
  const wanted = url.searchParams.get('variant');
  const selectedVariant = model.viewer.variants?.some((variant) => variant.id === wanted) ? wanted : null;
  // Per origin (rendered rich text, ADR 042) and per variant, one of the model's own or none.
  return perContentVersion([model, appearsIn], `${info.origin}|${selectedVariant ?? ''}`, () => {
    const { hotspotNotes, ...rest } = model;
    // Under the hotspot entry's own id and version: editing a note does not move the model's.
    const notes = Object.entries(hotspotNotes ?? {}).map(([id, note]): [string, RenderedRichText] => [
      id,
      renderField(richText, note, { id, updatedAt: note.updatedAt, locale: model.locale }, 'note'),
    ]);
    return {
      model: { ...rest, description: renderField(richText, model.description, model, 'description'), hotspotNotes: Object.fromEntries(notes) },
      appearsIn,
      selectedVariant,
    };
  });
});

export type ModelData = Awaited<ReturnType<typeof loader>>;
