import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { Image } from '#client/components/image.tsx';
import { paths } from '#shared/urls.ts';

import type { ArticleSummary, Locale, ModelSummary } from '#shared/content/types.ts';

const CARD_SIZES = '(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 92vw';

// By hand: the first Intl.DateTimeFormat loads ICU data, ~100 ms of hydration on a throttled phone. The test compares with Intl.
const MONTHS: Record<Locale, readonly string[]> = {
  'en-US': ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  'de-DE': ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
};

/** Formats an ISO date for the visitor's locale, identically on server and client (UTC), as Intl's `dateStyle: 'long'` does. */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = date.getUTCDate();
  const month = MONTHS[locale][date.getUTCMonth()] ?? '';
  const year = date.getUTCFullYear();
  return locale === 'de-DE' ? `${day}. ${month} ${year}` : `${month} ${day}, ${year}`;
}

export function ModelCard({ model, locale, priority = false }: { model: ModelSummary; locale: Locale; priority?: boolean }) {
  return (
    <article className="card model-card">
      {model.poster ? (
        <Image asset={model.poster} alt="" sizes={CARD_SIZES} priority={priority} className="card-media" />
      ) : (
        <div className="card-media placeholder" aria-hidden="true" />
      )}
      <div className="card-body">
        {model.category ? <p className="eyebrow">{model.category.label}</p> : null}
        <h3>
          <PrefetchLink to={paths.model(locale, model.slug)} className="card-link">
            {model.name}
          </PrefetchLink>
        </h3>
        <p>{model.summary}</p>
      </div>
    </article>
  );
}

export function ArticleCard({ article, locale, priority = false }: { article: ArticleSummary; locale: Locale; priority?: boolean }) {
  return (
    <article className="card article-card">
      {article.heroImage ? (
        <Image asset={article.heroImage} alt="" sizes={CARD_SIZES} priority={priority} className="card-media" />
      ) : (
        <div className="card-media placeholder" aria-hidden="true" />
      )}
      <div className="card-body">
        <p className="eyebrow">
          <time dateTime={article.publishDate}>{formatDate(article.publishDate, locale)}</time>
        </p>
        <h3>
          <PrefetchLink to={paths.article(locale, article.slug)} className="card-link">
            {article.title}
          </PrefetchLink>
        </h3>
        <p>{article.excerpt}</p>
      </div>
    </article>
  );
}

export function TagList({ tags, locale }: { tags: Array<{ id: string; name: string }>; locale: Locale }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list">
      {tags.map((tag) => (
        <li key={tag.id}>
          <PrefetchLink to={paths.tag(locale, tag.id)} prefetch="intent">
            #{tag.name}
          </PrefetchLink>
        </li>
      ))}
    </ul>
  );
}
