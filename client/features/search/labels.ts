import { SEARCH_FORM_LABELS } from './search-form.tsx';

import type { Locale } from '#shared/content/types.ts';
import type { SearchRecordType } from '#shared/search.ts';

export const SEARCH_LABELS = {
  'en-US': {
    ...SEARCH_FORM_LABELS['en-US'],
    suggestions: 'Suggestions',
    searching: 'Searching…',
    unavailable: 'Search is not available right now.',
    retry: 'Retry',
    noResults: (query: string) => `No results for “${query}”.`,
    resultCount: (count: number) => (count === 1 ? '1 result' : `${count.toLocaleString('en-US')} results`),
    resultsFor: (count: number, query: string) => `${count === 1 ? '1 result' : `${count.toLocaleString('en-US')} results`} for “${query}”`,
    seeAll: (count: number) => `See all ${count.toLocaleString('en-US')} results`,
    title: 'Search',
    titleFor: (query: string) => `Search: ${query}`,
    filters: 'Filters',
    type: 'Type',
    tags: 'Tags',
    apply: 'Apply',
    pages: 'Result pages',
    previous: 'Previous',
    next: 'Next',
    pageN: (page: number) => `Page ${page}`,
    types: { model: 'Model', article: 'Article', page: 'Page' } satisfies Record<SearchRecordType, string>,
  },
  'de-DE': {
    ...SEARCH_FORM_LABELS['de-DE'],
    suggestions: 'Vorschläge',
    searching: 'Suche läuft…',
    unavailable: 'Die Suche ist gerade nicht verfügbar.',
    retry: 'Erneut versuchen',
    noResults: (query: string) => `Keine Treffer für „${query}“.`,
    resultCount: (count: number) => (count === 1 ? '1 Treffer' : `${count.toLocaleString('de-DE')} Treffer`),
    resultsFor: (count: number, query: string) => `${count === 1 ? '1 Treffer' : `${count.toLocaleString('de-DE')} Treffer`} für „${query}“`,
    seeAll: (count: number) => `Alle ${count.toLocaleString('de-DE')} Treffer anzeigen`,
    title: 'Suche',
    titleFor: (query: string) => `Suche: ${query}`,
    filters: 'Filter',
    type: 'Art',
    tags: 'Schlagwörter',
    apply: 'Anwenden',
    pages: 'Ergebnisseiten',
    previous: 'Zurück',
    next: 'Weiter',
    pageN: (page: number) => `Seite ${page}`,
    types: { model: 'Modell', article: 'Artikel', page: 'Seite' } satisfies Record<SearchRecordType, string>,
  },
} satisfies Record<Locale, Record<string, unknown>>;

export type SearchLabels = (typeof SEARCH_LABELS)['en-US'];
