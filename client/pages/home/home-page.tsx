import { useLoaderData } from 'react-router';

import { CardGrid } from '#client/components/cards.tsx';
import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { Seo } from '#client/components/seo.tsx';
import { LABELS } from '#client/layout/labels.ts';
import { useSite } from '#client/layout/use-site.ts';
import { paths } from '#shared/urls.ts';

import type { HomeData } from '#client/pages/home/home.server.ts';

export function Component() {
  const { models, articles } = useLoaderData() as HomeData;
  const { site, locale, origin } = useSite();
  const t = LABELS[locale];
  return (
    <>
      <Seo
        title={site.name}
        description={site.description}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: site.name,
          description: site.description,
          url: origin + paths.home(locale),
          inLanguage: locale,
        }}
      />
      <section className="hero">
        <h1>{site.name}</h1>
        <p className="lede">{site.description}</p>
      </section>
      <section aria-labelledby="featured-title" className="home-section">
        <div className="section-head">
          <h2 id="featured-title">{t.featuredModels}</h2>
          <PrefetchLink to={paths.models(locale)}>{t.allModels} →</PrefetchLink>
        </div>
        <CardGrid models={models} locale={locale} priority />
      </section>
      <section aria-labelledby="latest-title" className="home-section">
        <div className="section-head">
          <h2 id="latest-title">{t.latestArticles}</h2>
          <PrefetchLink to={paths.articles(locale)}>{t.allArticles} →</PrefetchLink>
        </div>
        <CardGrid articles={articles} locale={locale} />
      </section>
    </>
  );
}
