import { useLoaderData } from 'react-router';

import { CardGrid } from '#client/components/cards.tsx';
import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { Seo } from '#client/components/seo.tsx';
import { LABELS } from '#client/layout/labels.ts';
import { useSite } from '#client/layout/use-site.ts';
import { paths } from '#shared/urls.ts';

import type { ArticlesData } from '#client/pages/articles/articles.server.ts';

export function Component() {
  const { articles, page, pageCount } = useLoaderData() as ArticlesData;
  const { locale } = useSite();
  const t = LABELS[locale];
  const title = page > 1 ? `${t.articles} · ${t.page} ${page}` : t.articles;
  return (
    <>
      <Seo title={title} />
      <h1>{t.articles}</h1>
      <p>
        <a href={paths.rss(locale)} className="rss-link">
          RSS
        </a>
      </p>
      <CardGrid articles={articles} locale={locale} priority />
      {pageCount > 1 ? (
        <nav aria-label={t.page} className="pagination">
          {page > 1 ? (
            <PrefetchLink to={paths.articles(locale, page - 1)} rel="prev">
              ← {t.previous}
            </PrefetchLink>
          ) : (
            <span />
          )}
          <span>
            {t.page} {page} / {pageCount}
          </span>
          {page < pageCount ? (
            <PrefetchLink to={paths.articles(locale, page + 1)} rel="next">
              {t.next} →
            </PrefetchLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
