import { contentLoader, notFound, perContentVersion, renderField } from '#client/data/loader-helpers.ts';

export const loader = contentLoader(async ({ content, options, info, richText, params }) => {
  const article = await content.getArticle(params.slug ?? '', options);
  if (!article) notFound(`Article ${params.slug ?? ''}`);
  // Per origin: rendered rich text links to it relatively (ADR 042).
  return perContentVersion([article], info.origin, () => ({ article: { ...article, body: renderField(richText, article.body, article, 'body') } }));
});

export type ArticleData = Awaited<ReturnType<typeof loader>>;
