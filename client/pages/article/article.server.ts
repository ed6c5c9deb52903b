import { contentLoader, notFound, perContentVersion, renderField } from '#client/data/loader-helpers.ts';

export const loader = contentLoader(async ({ content, options, info, richText, params }) => {
  const article = await content.getArticle(params.slug ?? '', options);
  if (!article) notFound(`Article ${params.slug ?? ''}`);
  // Rendered rich text links to this origin relatively (ADR 042): the answer is per origin.
  return perContentVersion([article], info.origin, () => ({ article: { ...article, body: renderField(richText, article.body, article, 'body') } }));
});

export type ArticleData = Awaited<ReturnType<typeof loader>>;
