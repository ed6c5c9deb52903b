import { SEARCH_HITS_PER_PAGE, SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';
import { paths } from '#shared/urls.ts';

import type { Locale } from '#shared/content/types.ts';

/** One index per locale. */
export function toIndexName(prefix: string, locale: Locale): string {
  return `${prefix}_${locale}`;
}

export const SEARCH_RECORD_TYPES = ['model', 'article', 'page'] as const;
export type SearchRecordType = (typeof SEARCH_RECORD_TYPES)[number];

/** The search page's refinement lists, in this order (the server's initial results use it too). */
export const SEARCH_FACETS = ['type', 'tags'] as const;
export const SEARCH_FACET_LIMIT = 20;

/** The snippet is asked for because the embedded engine applies no index settings to a request. */
export const SEARCH_QUERY_PARAMETERS = {
  hitsPerPage: SEARCH_HITS_PER_PAGE,
  clickAnalytics: true,
  attributesToSnippet: ['body:20'],
  snippetEllipsisText: '…',
};

/** `page` is 1-based. */
export interface SearchPageParams {
  query: string;
  page: number;
  types: SearchRecordType[];
  tags: string[];
}

const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 100;
const MAX_PAGE = 1000 / SEARCH_HITS_PER_PAGE;
/** Control characters become spaces, as the embedded engine strips them. */
export function sanitizeQuery(query: string): string {
  return query.replace(/\p{Cc}/gu, ' ').slice(0, SEARCH_MAX_QUERY_LENGTH);
}

/** `undefined`: `page` is not a reachable page (the loader answers 400). */
export function parseSearchPageParams(search: URLSearchParams): SearchPageParams | undefined {
  const rawPage = search.get('page') ?? '1';
  if (!/^[1-9]\d{0,3}$/.test(rawPage) || Number(rawPage) > MAX_PAGE) return undefined;
  const types = SEARCH_RECORD_TYPES.filter((type) => search.getAll('type').includes(type));
  const tags = [...new Set(search.getAll('tag').map((tag) => sanitizeQuery(tag).trim()))]
    .filter((tag) => tag && tag.length <= MAX_TAG_LENGTH)
    .slice(0, MAX_TAGS);
  return { query: sanitizeQuery(search.get('q') ?? ''), page: Number(rawPage), types, tags };
}

export function toSearchPageHref(locale: Locale, params: Partial<SearchPageParams>): string {
  const search = new URLSearchParams();
  if (params.query) search.set('q', params.query);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  for (const type of params.types ?? []) search.append('type', type);
  for (const tag of params.tags ?? []) search.append('tag', tag);
  const query = search.toString();
  return paths.search(locale) + (query ? `?${query}` : '');
}

type SearchUiState = { query?: string; page?: number; refinementList?: Record<string, string[]> };

export function toSearchUiState({ query, page, types, tags }: SearchPageParams): SearchUiState {
  const refinementList = { ...(types.length > 0 ? { type: [...types] } : {}), ...(tags.length > 0 ? { tags: [...tags] } : {}) };
  return {
    ...(query ? { query } : {}),
    ...(page > 1 ? { page } : {}),
    ...(Object.keys(refinementList).length > 0 ? { refinementList } : {}),
  };
}

export function fromSearchUiState(state: SearchUiState | undefined): SearchPageParams {
  const list = state?.refinementList ?? {};
  return {
    query: state?.query ?? '',
    page: state?.page ?? 1,
    types: SEARCH_RECORD_TYPES.filter((type) => list.type?.includes(type)),
    tags: [...(list.tags ?? [])],
  };
}

/** Records come from Algolia: a `javascript:` or off-site URL must never become a link. */
export function toSafeHitPath(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return undefined;
  return url;
}

export function toSafeHitImage(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  if (toSafeHitPath(url)) return url;
  return /^https:\/\/[^\s"'<>]+$/i.test(url) || /^\/\/images\.ctfassets\.net\//.test(url) ? url : undefined;
}

/** In code points: anything longer is pasted text or junk (ADR 067). */
export const ANALYTICS_QUERY_MAX_LENGTH = 64;

/** As analytics count it, in the browser and again in the collector; `''`: nothing to count. */
export function normalizeSearchQuery(query: string): string {
  const cleaned = query
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();
  return Array.from(cleaned).slice(0, ANALYTICS_QUERY_MAX_LENGTH).join('').trimEnd();
}
