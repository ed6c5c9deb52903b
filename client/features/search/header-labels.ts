import type { Locale } from '#shared/content/types.ts';

/**
 * The strings of the header's plain search form, which every page renders:
 * kept apart from labels.ts so the first-load bundle carries these four and
 * not the whole search UI's.
 */
export const HEADER_SEARCH_LABELS = {
  'en-US': { search: 'Search', inputLabel: 'Search the site', siteSearch: 'Site search', placeholder: 'Search models and articles' },
  'de-DE': { search: 'Suchen', inputLabel: 'Website durchsuchen', siteSearch: 'Websitesuche', placeholder: 'Modelle und Artikel suchen' },
} satisfies Record<Locale, Record<string, string>>;
