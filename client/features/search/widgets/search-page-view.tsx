import { useState, useSyncExternalStore } from 'react';
import { InstantSearchSSRProvider, useSearchBox } from 'react-instantsearch';

import { sanitizeQuery, toSearchUiState } from '#shared/search.ts';

import { getSearchLabels } from '../labels.ts';
import { SearchForm } from '../search-form.tsx';
import { createSearchClient, SearchRoot, useDebouncedQueryHook } from '../search-root.tsx';
import { SearchFacets } from './facet-list.tsx';
import { PageResults } from './page-results.tsx';
import { useDisposeOnUnmount, useUrlSync } from './url-sync.ts';

import './search-page.css';

import type { SearchClient } from 'instantsearch.js';
import type { ReactNode } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { SearchInitialResults } from '#shared/data/search-api.ts';
import type { SearchPageParams } from '#shared/search.ts';

interface SearchPageViewProps {
  locale: Locale;
  params: SearchPageParams;
  /** The loader's server-side results; `null` when the server could not search (the browser then does, after `fallback`). */
  initialResults: SearchInitialResults | null;
  /** The site origin, for the embedded engine's host while rendering on the server. */
  origin: string;
  fallback: ReactNode;
  /** Replaces the configured client (tests). */
  searchClient?: SearchClient;
}

const subscribeNothing = () => () => {};

/** With the loader's initial results the page renders on the server and hydrates without a request; then the browser searches directly. */
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
  const labels = getSearchLabels(locale);
  const { query, refine } = useSearchBox({ queryHook: useDebouncedQueryHook() });
  const [value, setValue] = useState(query);
  useUrlSync(locale);
  useDisposeOnUnmount();
  // After an error InstantSearch restores the last state that worked; Retry searches the typed query again.
  const search = () => refine(sanitizeQuery(value));
  const onChange = (next: string) => {
    setValue(next);
    refine(sanitizeQuery(next));
  };
  return (
    <>
      <SearchForm locale={locale} variant="page" onSubmit={search} inputProps={{ value, onChange: (event) => onChange(event.target.value) }} />
      <div className="search-layout">
        <SearchFacets labels={labels} />
        <PageResults locale={locale} labels={labels} onRetry={search} />
      </div>
    </>
  );
}
