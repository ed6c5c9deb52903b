import { useEffect, useState, useSyncExternalStore } from 'react';
import { Configure, InstantSearch, InstantSearchSSRProvider, useSearchBox } from 'react-instantsearch';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { SEARCH_STALLED_DELAY_MS } from '#shared/constants.ts';
import { sanitizeQuery, SEARCH_QUERY_PARAMETERS, toIndexName, toSearchUiState } from '#shared/search.ts';

import { getSearchLabels } from '../labels.ts';
import { createSearchClient, INSTANTSEARCH_FUTURE } from '../search-client.ts';
import { createSearchInsights, flushSearchInsights } from '../search-insights.ts';
import { SearchFacets } from './facet-list.tsx';
import { PageResults } from './page-results.tsx';
import { PageSearchBox } from './page-search-box.tsx';
import { useDebouncedQueryHook } from './use-debounced-query-hook.ts';
import { useDisposeOnUnmount, useUrlSync } from './url-sync.ts';

import './search-page.css';

import type { SearchClient } from 'instantsearch.js';
import type { ReactNode } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { SearchInitialResults } from '#shared/data/search-api.ts';
import type { SearchPageParams } from '#shared/search.ts';

export interface SearchPageViewProps {
  locale: Locale;
  params: SearchPageParams;
  /** The loader's server-side results; `null` when the server could not search (the browser then does). */
  initialResults: SearchInitialResults | null;
  /** The site origin, for the embedded engine's host while rendering on the server. */
  origin: string;
  /** Rendered instead of the results until the browser can search (server search failed). */
  fallback: ReactNode;
  /** Replaces the configured client (tests). */
  searchClient?: SearchClient;
}

const subscribeNothing = () => () => {};

/**
 * The search page: one InstantSearch root on the locale's index. With the
 * loader's initial results it renders on the server and hydrates without a
 * request (`InstantSearchSSRProvider`); then the browser talks to the
 * search API directly as the visitor types, refines or pages.
 */
export function SearchPageView({ locale, params, initialResults, origin, fallback, searchClient }: SearchPageViewProps) {
  const { algolia } = usePublicConfig();
  const indexName = toIndexName(algolia.indexPrefix, locale);
  const [client] = useState(() => searchClient ?? createSearchClient(algolia, typeof window === 'undefined' ? origin : window.location.origin));
  const [insights] = useState(() => createSearchInsights(algolia));
  const [initialUiState] = useState(() => ({ [indexName]: toSearchUiState(params) }));
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

  const root = (
    <InstantSearch
      indexName={indexName}
      searchClient={client}
      initialUiState={initialUiState}
      stalledSearchDelay={SEARCH_STALLED_DELAY_MS}
      insights={insights}
      future={INSTANTSEARCH_FUTURE}
    >
      <Configure {...SEARCH_QUERY_PARAMETERS} />
      <SearchPageLayout locale={locale} indexName={indexName} />
    </InstantSearch>
  );
  if (initialResults) return <InstantSearchSSRProvider initialResults={initialResults}>{root}</InstantSearchSSRProvider>;
  return hydrated ? root : fallback;
}

function SearchPageLayout({ locale, indexName }: { locale: Locale; indexName: string }) {
  const labels = getSearchLabels(locale);
  const { query, refine } = useSearchBox({ queryHook: useDebouncedQueryHook() });
  const [value, setValue] = useState(query);
  useUrlSync(locale, indexName);
  useDisposeOnUnmount();
  useEffect(() => flushSearchInsights, []);
  // After an error InstantSearch restores the last state that worked; Retry searches the typed query again.
  const search = () => refine(sanitizeQuery(value));
  return (
    <>
      <PageSearchBox
        locale={locale}
        labels={labels}
        value={value}
        onChange={(next) => {
          setValue(next);
          refine(sanitizeQuery(next));
        }}
        onSubmit={search}
      />
      <div className="search-layout">
        <SearchFacets labels={labels} />
        <PageResults locale={locale} labels={labels} onRetry={search} />
      </div>
    </>
  );
}
