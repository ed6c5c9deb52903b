import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { Image } from '#client/components/image.tsx';
import { paths } from '#shared/urls.ts';

import type { ReactNode } from 'react';
import type { ArticleSummary, Asset, Locale, ModelSummary } from '#shared/content/types.ts';

type CardGridProps = { models?: ModelSummary[]; articles?: ArticleSummary[]; locale: Locale; priority?: boolean };

const CARD_SIZES = '(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 92vw';

// By hand: the first Intl.DateTimeFormat loads ICU data, ~100 ms of hydration on a throttled phone. The test compares with Intl.
const MONTHS: Record<Locale, readonly string[]> = {
  'en-US': ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  'de-DE': ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
};

/** As Intl's `dateStyle: 'long'` in UTC, identical on server and client. */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = date.getUTCDate();
  const month = MONTHS[locale][date.getUTCMonth()] ?? '';
  const year = date.getUTCFullYear();
  return locale === 'de-DE' ? `${day}. ${month} ${year}` : `${month} ${day}, ${year}`;
}

function Card(props: { kind: string; to: string; title: string; text: string; media?: Asset; eyebrow?: ReactNode; priority: boolean }) {
  return (
    <article className={`card ${props.kind}-card`}>
      {props.media ? (
        <Image asset={props.media} alt="" sizes={CARD_SIZES} priority={props.priority} className="card-media" />
      ) : (
        <div className="card-media placeholder" aria-hidden="true" />
      )}
      <div className="card-body">
        {props.eyebrow ? <p className="eyebrow">{props.eyebrow}</p> : null}
        <h3>
          <PrefetchLink to={props.to} className="card-link">
            {props.title}
          </PrefetchLink>
        </h3>
        <p>{props.text}</p>
      </div>
    </article>
  );
}

/** `priority`: the grid leads the page, so its first image is the LCP candidate. */
export function CardGrid({ models = [], articles = [], locale, priority = false }: CardGridProps) {
  const cards = [
    ...models.map((model) => ({
      kind: 'model',
      to: paths.model(locale, model.slug),
      title: model.name,
      text: model.summary,
      media: model.poster,
      eyebrow: model.category?.label,
    })),
    ...articles.map((article) => ({
      kind: 'article',
      to: paths.article(locale, article.slug),
      title: article.title,
      text: article.excerpt,
      media: article.heroImage,
      eyebrow: <time dateTime={article.publishDate}>{formatDate(article.publishDate, locale)}</time>,
    })),
  ];
  return (
    <ul className="card-grid">
      {cards.map((card, i) => (
        <li key={card.to}>
          <Card {...card} priority={priority && i === 0} />
        </li>
      ))}
    </ul>
  );
}

export function TagList({ tags, locale }: { tags: Array<{ id: string; name: string }>; locale: Locale }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list">
      {tags.map((tag) => (
        <li key={tag.id}>
          <PrefetchLink to={paths.tag(locale, tag.id)} prefetch="intent">
            {`#${tag.name}`}
          </PrefetchLink>
        </li>
      ))}
    </ul>
  );
}

export function Breadcrumbs({ crumbs, current, label }: { crumbs: Array<{ label: string; url: string }>; current: string; label: string }) {
  return (
    <nav aria-label={label} className="breadcrumbs">
      <ol>
        {crumbs.map((c) => (
          <li key={c.url}>
            <PrefetchLink to={c.url} prefetch="intent">
              {c.label}
            </PrefetchLink>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
