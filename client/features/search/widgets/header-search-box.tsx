import { sanitizeQuery } from '#shared/search.ts';

import { createSearchClient, SearchRoot, skipEmptyQueries } from '../search-root.tsx';
import { HeaderCombobox } from './header-combobox.tsx';

import type { SearchClient } from 'instantsearch.js';
import type { HeaderSearchBoxProps } from '../header-search.tsx';

/** The interactive header search, loaded lazily by header-search.tsx; `searchClient` replaces the configured client (tests). */
export function HeaderSearchBox({ locale, takeHandoff, onReady, searchClient }: HeaderSearchBoxProps & { searchClient?: SearchClient }) {
  return (
    <SearchRoot
      locale={locale}
      createClient={(algolia) => searchClient ?? skipEmptyQueries(createSearchClient(algolia, window.location.origin))}
      // What was typed so far; the combobox catches up with anything typed before its input mounts.
      uiState={() => ({ query: sanitizeQuery(takeHandoff().value) })}
    >
      <HeaderCombobox locale={locale} takeHandoff={takeHandoff} onReady={onReady} />
    </SearchRoot>
  );
}
