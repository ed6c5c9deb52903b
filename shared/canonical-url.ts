import { LOCALE_PREFIX, LOCALES } from '#shared/content/types.ts';
import { ROUTE_PATHS } from '#shared/urls.ts';

/**
 * ADR 013. The parameters each route's loaders read; all others are dropped, so a loader that starts reading one must add it
 * here. `openEnded`: unbounded values, kept out of the page cache, where a flood of distinct values would evict hot pages.
 */
const QUERY_PARAMS: Partial<Record<string, { params: readonly string[]; openEnded: boolean }>> = {
  [ROUTE_PATHS.models]: { params: ['category'], openEnded: true },
  [ROUTE_PATHS.articles]: { params: ['page'], openEnded: false },
  [ROUTE_PATHS.search]: { params: ['q', 'page', 'type', 'tag'], openEnded: true },
  // A variant id is one of the model's few, but which is only known once the model is loaded: any value renders (an
  // unknown one as the plain page), so `?variant=` pages stay out of the page cache. `hotspot` and `view` are read in the browser only.
  [ROUTE_PATHS.model]: { params: ['variant'], openEnded: true },
};

const PATTERNS = Object.values(ROUTE_PATHS).map((pattern) => pattern.split('/').slice(1));
const LOCALE_SEGMENTS = new Set(LOCALES.map((locale) => LOCALE_PREFIX[locale]).filter(Boolean));

/** `target` is `path` + `search`. */
export interface CanonicalPage {
  target: string;
  path: string;
  search: string;
  cacheable: boolean;
}

/** Percent-encoding normalised, route keywords lower case, no trailing slash, kept parameters sorted. Renders as the input does. */
export function toCanonicalPage(target: string): CanonicalPage {
  const [beforeHash = ''] = target.split('#');
  const queryStart = beforeHash.indexOf('?');
  const { path, pattern } = canonicalPath(queryStart === -1 ? beforeHash : beforeHash.slice(0, queryStart));
  const rawQuery = queryStart === -1 ? '' : beforeHash.slice(queryStart + 1);
  const rule = pattern === undefined ? undefined : QUERY_PARAMS[pattern];
  if (!rule || !rawQuery) return { target: path, path, search: '', cacheable: true };

  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(rawQuery)) if (rule.params.includes(name)) kept.append(name, value);
  kept.sort();
  const search = kept.size > 0 ? `?${kept.toString()}` : '';
  return { target: path + search, path, search, cacheable: !search || !rule.openEnded };
}

/** React Router matches literal segments case-insensitively. */
function canonicalPath(raw: string): { path: string; pattern: string | undefined } {
  const segments = (raw.startsWith('/') ? raw : `/${raw}`).split('/').map(canonicalSegment);
  if (segments.length > 2 && segments.at(-1) === '') segments.pop();
  const hasLocale = LOCALE_SEGMENTS.has(segments[1]?.toLowerCase() ?? '');
  if (hasLocale) segments[1] = segments[1]?.toLowerCase() ?? '';
  const rest = hasLocale ? segments.slice(2) : segments.slice(1);
  if (hasLocale && rest.length === 0) rest.push('');
  const pattern = PATTERNS.find((parts) => parts.length === rest.length && parts.every((part, i) => part.startsWith(':') || part === rest[i]?.toLowerCase()));
  pattern?.forEach((part, i) => {
    if (!part.startsWith(':')) rest[i] = part;
  });
  const bare = `/${rest.join('/')}`;
  return { path: hasLocale ? `/${segments[1]}${bare === '/' ? '' : bare}` : bare, pattern: pattern && `/${pattern.join('/')}` };
}

/** `%7E`, `~` and `%7e` are one segment; a malformed escape stays as it came (the route answers 404 for it). */
function canonicalSegment(segment: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return segment;
  }
}
