import { contentLoader, notFound, renderField } from '#client/data/loader-helpers.ts';

export const loader = contentLoader(async ({ content, options, richText, params }) => {
  const article = await content.getArticle(params.slug ?? '', options);
  if (!article) notFound(`Article ${params.slug ?? ''}`);
  return { article: { ...article, body: renderField(richText, article.body, article, 'body') } };
});

export type ArticleData = Awaited<ReturnType<typeof loader>>;
