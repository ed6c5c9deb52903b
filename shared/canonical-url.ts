import { LOCALE_PREFIX, LOCALES } from '#shared/content/types.ts';

/**
 * The one rule for which part of a page URL matters (issue 12, item 3). The
 * server canonicalises every page request with it before the loaders run, so
 * the rendered page (canonical link, ETag), the page-cache key and `/_data/`
 * always agree, and `?utm_source=…`, `?fbclid=…` or any junk parameter maps
 * to the same rendering instead of a new page-cache entry.
 */

interface PageQueryRule {
  /** The page's path after the locale prefix, lower case. */
  path: string;
  /** Query parameters its loaders read; all others are dropped. */
  params: readonly string[];
  /**
   * Whether those parameters take values without bound (free text, or names the
   * loader does not check): such URLs still render, but are not kept in the
   * shared page cache, where a flood of distinct values would evict hot pages.
   */
  openEnded: boolean;
}

/**
 * Every `searchParams` read of a page loader: client/pages/models/loader.ts (`category`),
 * client/pages/articles/loader.ts (`page`, a bounded whole number), and the search page
 * through `parseSearchPageParams` in shared/search.ts (`q`, `page`, `type`, `tag`).
 * A loader that starts reading a parameter must add it here, or it never sees it.
 */
export const PAGE_QUERY_RULES: readonly PageQueryRule[] = [
  { path: '/models', params: ['category'], openEnded: true },
  { path: '/articles', params: ['page'], openEnded: false },
  { path: '/search', params: ['q', 'page', 'type', 'tag'], openEnded: true },
];

/** Literal route segments (client/routes.tsx). React Router matches them case-insensitively, so we fold their case. */
const STATIC_FIRST_SEGMENTS = new Set(['models', 'articles', 'tags', 'search']);
const LOCALE_SEGMENTS = new Set(LOCALES.map((locale) => LOCALE_PREFIX[locale]).filter(Boolean));

/** A page URL's canonical form: its path and kept query, and whether the page cache may share it. */
export interface CanonicalPage {
  /** Origin-relative target, e.g. `/search?page=2&q=chair`: `path` + `search`. */
  target: string;
  path: string;
  /** `?page=2&q=chair`, or empty. */
  search: string;
  /** False for URLs with open-ended parameters (see `PAGE_QUERY_RULES`). */
  cacheable: boolean;
}

/**
 * Canonicalises an origin-relative page target (`/path?query`): percent-encoding
 * normalised per path segment, route keywords lower case, no trailing slash, and
 * only the parameters the route reads, decoded, re-encoded and sorted by name
 * (repeated values keep their order). The result renders exactly as the input.
 */
export function toCanonicalPage(target: string): CanonicalPage {
  const [beforeHash = ''] = target.split('#');
  const queryStart = beforeHash.indexOf('?');
  const { path, bare } = canonicalPath(queryStart === -1 ? beforeHash : beforeHash.slice(0, queryStart));
  const rawQuery = queryStart === -1 ? '' : beforeHash.slice(queryStart + 1);
  const rule = PAGE_QUERY_RULES.find((candidate) => candidate.path === bare);
  if (!rule || !rawQuery) return { target: path, path, search: '', cacheable: true };

  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(rawQuery)) if (rule.params.includes(name)) kept.append(name, value);
  kept.sort();
  const search = kept.size > 0 ? `?${kept.toString()}` : '';
  return { target: path + search, path, search, cacheable: !search || !rule.openEnded };
}

/** The canonical path, and the same without its locale prefix (`/de/models` → `/models`). */
function canonicalPath(raw: string): { path: string; bare: string } {
  const segments = (raw.startsWith('/') ? raw : `/${raw}`).split('/').map(canonicalSegment);
  if (segments.length > 2 && segments.at(-1) === '') segments.pop();
  const hasLocale = LOCALE_SEGMENTS.has(segments[1]?.toLowerCase() ?? '');
  if (hasLocale) segments[1] = segments[1]?.toLowerCase() ?? '';
  const rest = hasLocale ? segments.slice(2) : segments.slice(1);
  const word = rest[0]?.toLowerCase() ?? '';
  if (STATIC_FIRST_SEGMENTS.has(word)) rest[0] = word;
  // models/:slug/embed
  if (word === 'models' && rest.length === 3 && rest[2]?.toLowerCase() === 'embed') rest[2] = 'embed';
  const bare = `/${rest.join('/')}`;
  return { path: hasLocale ? `/${segments[1]}${bare === '/' ? '' : bare}` : bare, bare };
}

/** `%7E`, `~` and `%7e` are one segment; a malformed escape stays as it came (the route answers 404 for it). */
function canonicalSegment(segment: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return segment;
  }
}
