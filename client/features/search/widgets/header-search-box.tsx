import { useEffect, useState } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { SEARCH_STALLED_DELAY_MS } from '#shared/constants.ts';
import { sanitizeQuery, SEARCH_QUERY_PARAMETERS, toIndexName } from '#shared/search.ts';

import { createSearchClient, INSTANTSEARCH_FUTURE, skipEmptyQueries } from '../search-client.ts';
import { createSearchInsights, flushSearchInsights } from '../search-insights.ts';
import { HeaderCombobox } from './header-combobox.tsx';

import type { SearchClient } from 'instantsearch.js';
import type { HeaderSearchBoxProps } from '../load-search-box.ts';

/**
 * The interactive header search, loaded lazily (load-search-box.ts): its
 * own InstantSearch root on the locale's index, 5 hits per request, a
 * stalled state after 300 ms, Insights through our bundled client.
 * `searchClient` replaces the configured client (tests).
 */
export function HeaderSearchBox({ locale, takeHandoff, onReady, searchClient }: HeaderSearchBoxProps & { searchClient?: SearchClient }) {
  const { algolia } = usePublicConfig();
  const indexName = toIndexName(algolia.indexPrefix, locale);
  const [client] = useState(() => searchClient ?? skipEmptyQueries(createSearchClient(algolia, window.location.origin)));
  const [insights] = useState(() => createSearchInsights(algolia));
  // What was typed so far; the combobox catches up with anything typed before its input mounts.
  const [initialUiState] = useState(() => ({ [indexName]: { query: sanitizeQuery(takeHandoff().value) } }));
  useEffect(() => flushSearchInsights, []);

  return (
    <InstantSearch
      indexName={indexName}
      searchClient={client}
      initialUiState={initialUiState}
      stalledSearchDelay={SEARCH_STALLED_DELAY_MS}
      insights={insights}
      future={INSTANTSEARCH_FUTURE}
    >
      <Configure {...SEARCH_QUERY_PARAMETERS} />
      <HeaderCombobox locale={locale} takeHandoff={takeHandoff} onReady={onReady} />
    </InstantSearch>
  );
}
