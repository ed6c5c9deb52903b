import { fnv1a } from '#shared/hash.ts';

// ADR 052. A page whose keys would not fit KEY_BUDGET carries its dependencies' buckets instead; a purge names both forms.
export const SITE_KEY = 'vitrine.all';

/** Per header, well under Fastly's and Cloudflare's 16 KB, and small enough for nginx's default 4 KB header buffer with the CSP. */
export const KEY_BUDGET = 2000;
const BUCKETS = 64;
/** Printable on both CDNs, no separator (space, comma), and far under their 1024-byte key limit. */
const SAFE_KEY = /^[A-Za-z0-9._-]{1,128}$/;

const keyOf = (dep: string) => {
  const key = dep.replaceAll(':', '.');
  return SAFE_KEY.test(key) ? key : `vitrine.h${fnv1a(dep).toString(16)}`;
};
const bucketOf = (dep: string) => `vitrine.b${(fnv1a(dep) % BUCKETS).toString(16)}`;

export function surrogateKeys(deps: Iterable<string>): string[] {
  const all = [...deps].sort();
  const keys = [SITE_KEY, ...new Set(all.map(keyOf))];
  if (keys.reduce((length, key) => length + key.length + 1, 0) <= KEY_BUDGET) return keys;
  return [SITE_KEY, ...[...new Set(all.map(bucketOf))].sort()];
}

type KeyHeaders = Readonly<Record<'Surrogate-Key' | 'Cache-Tag', string>>;
// A page's dependencies come in the same order on every render of the same content: its headers are built once, not sorted
// and hashed per request (ADR 056). Bounded by entries, cleared when full.
const headersByDeps = new Map<string, KeyHeaders>();
const HEADERS_MEMO_LIMIT = 256;

/** Cloudflare strips Cache-Tag before the visitor; Fastly keeps Surrogate-Key. */
export function surrogateKeyHeaders(deps: Iterable<string>): KeyHeaders {
  const list = [...deps];
  const memoKey = list.join('\n');
  let headers = headersByDeps.get(memoKey);
  if (headers) return headers;
  const keys = surrogateKeys(list);
  headers = Object.freeze({ 'Surrogate-Key': keys.join(' '), 'Cache-Tag': keys.join(',') });
  if (headersByDeps.size >= HEADERS_MEMO_LIMIT) headersByDeps.clear();
  headersByDeps.set(memoKey, headers);
  return headers;
}

export function purgeKeysOf(deps: Iterable<string>, everything = false): string[] {
  if (everything) return [SITE_KEY];
  return [...new Set([...deps].flatMap((dep) => [keyOf(dep), bucketOf(dep)]))];
}
