import { contentLoader, notFound, perContentVersion, renderField } from '#client/data/loader-helpers.ts';

export const loader = contentLoader(async ({ content, options, info, richText, params }) => {
  const page = await content.getPage(params.slug ?? '', options);
  if (!page) notFound(`Page ${params.slug ?? ''}`);
  return perContentVersion([page], info.origin, () => ({ page: { ...page, body: renderField(richText, page.body, page, 'body') } }));
});

export type PageData = Awaited<ReturnType<typeof loader>>;
