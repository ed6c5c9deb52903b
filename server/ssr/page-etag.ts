import { hash } from 'node:crypto';

/** What a page's bytes depend on besides its loader data: the build, the canonical target with the served locales, and the origin. */
export interface PageIdentity {
  buildId: string;
  /** The canonical target and the served locales (`/articles/oak|en-US,de-DE`). */
  served: string;
  /** Links to the origin come out relative in rendered rich text (ADR 042), so its HTML is per origin. */
  origin: string;
}

/**
 * ETags of pages whose answers stand in by their digests (a short input, the same until the content changes): one SHA-1 through
 * OpenSSL cost ≈ 1 % of a rendered article's CPU, a Map lookup of the same string almost nothing. At most ETAG_MEMO_LIMIT inputs of
 * at most ETAG_MEMO_MAX_CHARS each (≈ 1.5 MB), cleared when full: a flood of Host values or paths costs hashing, never memory.
 */
const ETAG_MEMO_LIMIT = 1000;
const ETAG_MEMO_MAX_CHARS = 768;
const etagMemo = new Map<string, string>();

/**
 * A weak validator from the page's identity and its data (not the nonce), so unchanged pages answer 304 before rendering.
 * `validator` is describeDocument's: the hydration JSON, that is the page's data with rendered rich text as its key alone, which
 * names entry, field, locale, version and the links' hash (client/data/loader-helpers.ts); with the build and the origin it
 * decides the HTML, as the rendered-HTML cache relies on. A route answer made once per content version stands in by its digest,
 * so the ETag costs one hash of a short string, not a serialization of its own (ADR 054, ADR 056).
 */
export function pageEtag(page: PageIdentity, validator: string): string {
  const input = `${page.buildId}\0${page.served}\0${page.origin}\0${validator}`;
  if (input.length > ETAG_MEMO_MAX_CHARS) return `W/"${hash('sha1', input, 'base64url')}"`;
  let etag = etagMemo.get(input);
  if (etag === undefined) {
    if (etagMemo.size >= ETAG_MEMO_LIMIT) etagMemo.clear();
    etagMemo.set(input, (etag = `W/"${hash('sha1', input, 'base64url')}"`));
  }
  return etag;
}

/** What stands for a route's answer in the validator when the answer is made once per content version: a hash of its JSON. */
export function routeDigest(json: string): string {
  return hash('sha1', json, 'base64url');
}
