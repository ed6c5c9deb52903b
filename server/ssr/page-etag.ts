import { hash } from 'node:crypto';

/**
 * One SHA-1 cost ≈ 1 % of a rendered article's CPU, a Map lookup almost nothing. Bounded (≈ 1.5 MB), cleared when full: a flood
 * of Host values or paths costs hashing, never memory.
 */
const ETAG_MEMO_LIMIT = 1000;
const ETAG_MEMO_MAX_CHARS = 768;
const etagMemo = new Map<string, string>();

/**
 * Weak, from what decides the HTML besides the nonce, so unchanged pages answer 304 before rendering: `served` is the canonical
 * target with the served locales; rendered rich text links to the origin relatively (ADR 042), so the HTML is per origin;
 * `validator` is describeDocument's hydration JSON, route answers standing in by their digests (ADR 054, ADR 056).
 */
export function pageEtag(page: { buildId: string; served: string; origin: string }, validator: string): string {
  const input = `${page.buildId}\0${page.served}\0${page.origin}\0${validator}`;
  if (input.length > ETAG_MEMO_MAX_CHARS) return `W/"${hash('sha1', input, 'base64url')}"`;
  let etag = etagMemo.get(input);
  if (etag === undefined) {
    if (etagMemo.size >= ETAG_MEMO_LIMIT) etagMemo.clear();
    etagMemo.set(input, (etag = `W/"${hash('sha1', input, 'base64url')}"`));
  }
  return etag;
}

/** Stands for a route's answer in the validator when the answer is made once per content version. */
export function routeDigest(json: string): string {
  return hash('sha1', json, 'base64url');
}
