import { useHits, useInstantSearch, usePagination } from 'react-instantsearch';

import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { imageUrl } from '#shared/images.ts';
import { fromSearchUiState, toSafeHitImage, toSafeHitPath, toSearchPageHref } from '#shared/search.ts';

import { HitExcerpt, HitTitle, SearchStatus } from './hit-parts.tsx';

import type { MouseEvent } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { SearchLabels } from '../labels.ts';
import type { SearchHit } from './hit-parts.tsx';

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

/** Status, result count (announced politely), hits as cards, pagination. */
export function PageResults({ locale, labels, onRetry }: { locale: Locale; labels: SearchLabels; onRetry(): void }) {
  const { items, results, sendEvent } = useHits<SearchHit>();
  const { status } = useInstantSearch({ catchError: true });
  const query = results?.query ?? '';
  const count = results?.nbHits ?? 0;
  const summary = query ? (count === 0 ? labels.noResults(query) : labels.resultsFor(count, query)) : labels.resultCount(count);
  return (
    <section aria-labelledby="search-results-summary">
      <SearchStatus status={status} labels={labels} onRetry={onRetry} />
      <p id="search-results-summary" className="search-summary" role="status">
        {status === 'error' ? '' : summary}
      </p>
      <ol className="card-grid search-results">
        {items.map((hit) => (
          <li key={hit.objectID}>
            <ResultCard hit={hit} labels={labels} onOpen={() => sendEvent('click', hit, 'Search Result Opened')} />
          </li>
        ))}
      </ol>
      <PagePagination locale={locale} labels={labels} />
    </section>
  );
}

function ResultCard({ hit, labels, onOpen }: { hit: SearchHit; labels: SearchLabels; onOpen(): void }) {
  const path = toSafeHitPath(hit.url);
  const image = toSafeHitImage(hit.image);
  const type = (labels.types as Record<string, string>)[hit.type] ?? hit.type;
  return (
    <article className="card search-card">
      {image ? (
        <img src={imageUrl(image, { width: 384 })} alt="" loading="lazy" decoding="async" width={384} height={288} className="card-media" />
      ) : (
        <div className="card-media placeholder" aria-hidden="true" />
      )}
      <div className="card-body">
        <p className="eyebrow">{type}</p>
        <h2>
          {path ? (
            <PrefetchLink to={path} className="card-link" prefetch="intent" onClick={onOpen}>
              <HitTitle hit={hit} />
            </PrefetchLink>
          ) : (
            <HitTitle hit={hit} />
          )}
        </h2>
        <p>
          <HitExcerpt hit={hit} />
        </p>
      </div>
    </article>
  );
}

/** Numbered pages as real links (they work without JavaScript); with it, a click refines in place. */
function PagePagination({ locale, labels }: { locale: Locale; labels: SearchLabels }) {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine } = usePagination({ padding: 2 });
  const { indexUiState } = useInstantSearch();
  if (nbPages <= 1) return null;
  const params = fromSearchUiState(indexUiState);
  const link = (page: number, text: string, rel?: 'prev' | 'next') => (
    <a
      key={`${rel ?? 'page'}-${page}`}
      href={toSearchPageHref(locale, { ...params, page: page + 1 })}
      rel={rel}
      aria-current={!rel && page === currentRefinement ? 'page' : undefined}
      aria-label={rel ? undefined : labels.pageN(page + 1)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        refine(page);
        document.getElementById('search-results-summary')?.scrollIntoView({ block: 'nearest' });
      }}
    >
      {text}
    </a>
  );
  return (
    <nav aria-label={labels.pages} className="search-pagination">
      {isFirstPage ? null : link(currentRefinement - 1, `← ${labels.previous}`, 'prev')}
      {pages.map((page) => link(page, String(page + 1)))}
      {isLastPage ? null : link(currentRefinement + 1, `${labels.next} →`, 'next')}
    </nav>
  );
}
