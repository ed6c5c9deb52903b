import { useLoaderData } from 'react-router';

import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { RouteError } from '#client/components/route-error.tsx';
import { Seo } from '#client/components/seo.tsx';
import { getLabels } from '#client/layout/labels.ts';
import { useSite } from '#client/layout/use-site.ts';
import { paths } from '#shared/urls.ts';

import type { HomeData } from '#client/pages/home/loader.ts';

export function Component() {
  const { models, articles } = useLoaderData() as HomeData;
  const { site, locale } = useSite();
  const t = getLabels(locale);
  return (
    <>
      <Seo title={site.name} description={site.description} jsonLd={{ '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, description: site.description }} />
      <section className="hero">
        <h1>{site.name}</h1>
        <p className="lede">{site.description}</p>
      </section>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">{t.featuredModels}</h2>
        <ul className="card-grid">
          {models.map((model) => (
            <li key={model.id} className="card">
              <PrefetchLink to={paths.model(locale, model.slug)}>
                <h3>{model.name}</h3>
              </PrefetchLink>
              <p>{model.summary}</p>
            </li>
          ))}
        </ul>
        <p>
          <PrefetchLink to={paths.models(locale)}>{t.allModels}</PrefetchLink>
        </p>
      </section>
      <section aria-labelledby="latest-title">
        <h2 id="latest-title">{t.latestArticles}</h2>
        <ul className="card-grid">
          {articles.map((article) => (
            <li key={article.id} className="card">
              <PrefetchLink to={paths.article(locale, article.slug)}>
                <h3>{article.title}</h3>
              </PrefetchLink>
              <p>{article.excerpt}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export { RouteError as ErrorBoundary };
