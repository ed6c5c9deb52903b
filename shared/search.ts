import { SEARCH_HITS_PER_PAGE, SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';
import { paths } from '#shared/urls.ts';

import type { Locale, SearchRecord } from '#shared/content/types.ts';

/**
 * The search rules both sides share: index names, the query parameters every InstantSearch root sends, and the search page's URL
 * (`/search?q=&page=&type=&tag=`). The server (search page results) and the browser (header box, search page) read them here so they can never disagree.
 */

/**
 * `ALGOLIA_INDEX` is a prefix: one index per locale, `${prefix}_${locale}` (`vitrine_en-US`). The browser's copy of the rule in
 * server/services/search/index-names.ts (client/ never imports server/).
 */
export function toIndexName(prefix: string, locale: Locale): string {
  return `${prefix}_${locale}`;
}

export type SearchRecordType = SearchRecord['type'];
export const SEARCH_RECORD_TYPES: readonly SearchRecordType[] = ['model', 'article', 'page'];

/** Refinement lists of the search page, in this order (the server's initial results use the same order). */
export const SEARCH_FACETS = ['type', 'tags'] as const;
/** Values shown per facet. */
export const SEARCH_FACET_LIMIT = 20;

/**
 * Parameters every search request carries (header box and search page): 5 hits, a query ID for click analytics, and a 20-word body snippet (the embedded
 * engine has no index settings, so the snippet is asked for).
 */
export const SEARCH_QUERY_PARAMETERS = {
  hitsPerPage: SEARCH_HITS_PER_PAGE,
  clickAnalytics: true,
  attributesToSnippet: ['body:20'],
  snippetEllipsisText: '…',
};

/** What the search page URL says. `page` is 1-based, as in the URL. */
export interface SearchPageParams {
  query: string;
  page: number;
  types: SearchRecordType[];
  tags: string[];
}

const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 100;
const MAX_PAGE = 1000 / SEARCH_HITS_PER_PAGE;
/** C0 and C1 control characters and DEL (Unicode category Cc), as the embedded engine strips them. */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** A query as it may be sent: control characters become spaces, at most 512 characters. */
export function sanitizeQuery(query: string): string {
  return query.replace(CONTROL_CHARACTERS, ' ').slice(0, SEARCH_MAX_QUERY_LENGTH);
}

/**
 * Reads `q`, `page`, `type` (repeated) and `tag` (repeated). Unknown types, empty or overlong tags are dropped; `undefined` means `page` is not a whole
 * number from 1 to the last reachable page (the loader answers 400).
 */
export function parseSearchPageParams(search: URLSearchParams): SearchPageParams | undefined {
  const rawPage = search.get('page') ?? '1';
  if (!/^[1-9]\d{0,3}$/.test(rawPage) || Number(rawPage) > MAX_PAGE) return undefined;
  const types = SEARCH_RECORD_TYPES.filter((type) => search.getAll('type').includes(type));
  const tags = [...new Set(search.getAll('tag').map((tag) => sanitizeQuery(tag).trim()))]
    .filter((tag) => tag && tag.length <= MAX_TAG_LENGTH)
    .slice(0, MAX_TAGS);
  return { query: sanitizeQuery(search.get('q') ?? ''), page: Number(rawPage), types, tags };
}

/** The search page URL for these parameters (empty ones left out). */
export function toSearchPageHref(locale: Locale, params: Partial<SearchPageParams>): string {
  const search = new URLSearchParams();
  if (params.query) search.set('q', params.query);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  for (const type of params.types ?? []) search.append('type', type);
  for (const tag of params.tags ?? []) search.append('tag', tag);
  const query = search.toString();
  return paths.search(locale) + (query ? `?${query}` : '');
}

/** InstantSearch's UI state of the search page's index for these parameters. */
export function toSearchUiState(params: SearchPageParams): { query?: string; page?: number; refinementList?: Record<string, string[]> } {
  const refinementList: Record<string, string[]> = {};
  if (params.types.length > 0) refinementList.type = [...params.types];
  if (params.tags.length > 0) refinementList.tags = [...params.tags];
  return {
    ...(params.query ? { query: params.query } : {}),
    ...(params.page > 1 ? { page: params.page } : {}),
    ...(Object.keys(refinementList).length > 0 ? { refinementList } : {}),
  };
}

/** The inverse of {@link toSearchUiState}. */
export function fromSearchUiState(state: { query?: string; page?: number; refinementList?: Record<string, string[]> } | undefined): SearchPageParams {
  const list = state?.refinementList ?? {};
  return {
    query: state?.query ?? '',
    page: state?.page ?? 1,
    types: SEARCH_RECORD_TYPES.filter((type) => list.type?.includes(type)),
    tags: [...(list.tags ?? [])],
  };
}

/**
 * A hit's link target, or `undefined` when it is not a path on our own site. Records come from Algolia in production, so a `javascript:` or off-site URL in
 * an index must never become a link.
 */
export function toSafeHitPath(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return undefined;
  return url;
}

/** A hit's image URL when it is one of ours or https; anything else is dropped. */
export function toSafeHitImage(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  if (toSafeHitPath(url)) return url;
  return /^https:\/\/[^\s"'<>]+$/i.test(url) || /^\/\/images\.ctfassets\.net\//.test(url) ? url : undefined;
}
