import { useLoaderData } from 'react-router';

import { CardGrid } from '#client/components/cards.tsx';
import { Seo } from '#client/components/seo.tsx';
import { LABELS } from '#client/layout/labels.ts';
import { useSite } from '#client/layout/use-site.ts';

import type { TagData } from '#client/pages/tag/tag.server.ts';

export function Component() {
  const { tag, articles, models } = useLoaderData() as TagData;
  const { locale } = useSite();
  const t = LABELS[locale];
  return (
    <>
      <Seo title={`#${tag.name}`} description={`${t.tagged}: ${tag.name}`} />
      <p className="eyebrow">{t.tagged}</p>
      <h1>{`#${tag.name}`}</h1>
      {models.length > 0 ? (
        <section aria-labelledby="tag-models">
          <h2 id="tag-models">{t.models}</h2>
          <CardGrid models={models} locale={locale} />
        </section>
      ) : null}
      {articles.length > 0 ? (
        <section aria-labelledby="tag-articles">
          <h2 id="tag-articles">{t.articles}</h2>
          <CardGrid articles={articles} locale={locale} />
        </section>
      ) : null}
    </>
  );
}
