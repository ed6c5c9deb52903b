import { useSyncExternalStore } from 'react';
import { InstantSearchSSRProvider, useHits, useInstantSearch, usePagination, useRefinementList } from 'react-instantsearch';

import { PrefetchLink } from '#client/components/prefetch-link.tsx';
import { imageUrl } from '#shared/images.ts';
import { fromSearchUiState, SEARCH_FACET_LIMIT, toSafeHitImage, toSafeHitPath, toSearchPageHref, toSearchUiState } from '#shared/search.ts';

import { SEARCH_LABELS } from '../labels.ts';
import { SEARCH_PAGE_FORM_ID, SearchForm } from '../search-form.tsx';
import { createSearchClient, SearchRoot } from '../search-root.tsx';
import { HitExcerpt, HitTitle, SearchStatus, typeLabel, useTypedQuery } from './hit-parts.tsx';
import { useDisposeOnUnmount, useUrlSync } from './url-sync.ts';

import './search-page.css';

import type { SearchClient } from 'instantsearch.js';
import type { MouseEvent, ReactNode } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { SearchInitialResults } from '#shared/data/search-api.ts';
import type { SearchPageParams } from '#shared/search.ts';
import type { SearchLabels } from '../labels.ts';
import type { SearchHit } from './hit-parts.tsx';

interface SearchPageViewProps {
  locale: Locale;
  params: SearchPageParams;
  /** `null` when the server could not search: the browser then does, after `fallback`. */
  initialResults: SearchInitialResults | null;
  origin: string;
  fallback: ReactNode;
  /** Replaces the configured client (tests). */
  searchClient?: SearchClient;
}

const subscribeNothing = () => () => {};

/** With initial results the page renders on the server and hydrates without a request. */
export function SearchPageView({ locale, params, initialResults, origin, fallback, searchClient }: SearchPageViewProps) {
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const root = (
    <SearchRoot
      locale={locale}
      createClient={(algolia) => searchClient ?? createSearchClient(algolia, typeof window === 'undefined' ? origin : window.location.origin)}
      uiState={() => toSearchUiState(params)}
    >
      <SearchPageLayout locale={locale} />
    </SearchRoot>
  );
  if (initialResults) return <InstantSearchSSRProvider initialResults={initialResults}>{root}</InstantSearchSSRProvider>;
  return hydrated ? root : fallback;
}

function SearchPageLayout({ locale }: { locale: Locale }) {
  const labels = SEARCH_LABELS[locale];
  const typed = useTypedQuery();
  useUrlSync(locale);
  useDisposeOnUnmount();
  return (
    <>
      <SearchForm
        locale={locale}
        variant="page"
        onSubmit={() => typed.search()}
        inputProps={{ value: typed.value, onChange: (event) => typed.change(event.target.value) }}
      />
      <div className="with-sidebar">
        <SearchFacets labels={labels} />
        <PageResults locale={locale} labels={labels} onRetry={() => typed.search()} />
      </div>
    </>
  );
}

type FacetListProps = { attribute: 'type' | 'tags'; param: 'type' | 'tag'; legend: string; labelFor?: (value: string) => string };

/** OR within, AND across facets; checkboxes of the search form (`form` attribute), so they work without JavaScript. */
function FacetList({ attribute, param, legend, labelFor }: FacetListProps) {
  const { items, refine } = useRefinementList({ attribute, limit: SEARCH_FACET_LIMIT });
  // Fixed ids (one list per attribute on the page): server and client must agree, whatever the tree above.
  const id = `search-facet-${attribute}`;
  if (items.length === 0) return null;
  return (
    <fieldset className="search-facet">
      <legend className="eyebrow">{legend}</legend>
      {items.map((item, index) => (
        <label key={item.value} htmlFor={`${id}-${index}`}>
          <input
            id={`${id}-${index}`}
            type="checkbox"
            form={SEARCH_PAGE_FORM_ID}
            name={param}
            value={item.value}
            checked={item.isRefined}
            onChange={() => refine(item.value)}
          />
          <span>{labelFor ? labelFor(item.value) : item.label}</span>
          <span className="search-facet-count">{item.count}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** In SEARCH_FACETS order. */
function SearchFacets({ labels }: { labels: SearchLabels }) {
  return (
    <aside aria-label={labels.filters}>
      <FacetList attribute="type" param="type" legend={labels.type} labelFor={(value) => typeLabel(labels, value)} />
      <FacetList attribute="tags" param="tag" legend={labels.tags} />
      <noscript>
        <button type="submit" form={SEARCH_PAGE_FORM_ID}>
          {labels.apply}
        </button>
      </noscript>
    </aside>
  );
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

function PageResults({ locale, labels, onRetry }: { locale: Locale; labels: SearchLabels; onRetry(): void }) {
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
  return (
    <article className="card search-card">
      {image ? (
        <img src={imageUrl(image, { width: 384 })} alt="" loading="lazy" decoding="async" width={384} height={288} className="card-media" />
      ) : (
        <div className="card-media placeholder" aria-hidden="true" />
      )}
      <div className="card-body">
        <p className="eyebrow">{typeLabel(labels, hit.type)}</p>
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

/** Real links, so they work without JavaScript; with it, a click refines in place. */
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
