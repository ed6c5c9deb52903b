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
 * A weak validator from the page's identity and its data (not the nonce), so unchanged pages answer 304 before rendering.
 * `validator` is describeDocument's: the hydration JSON, that is the page's data with rendered rich text as its key alone, which
 * names entry, field, locale, version and the links' hash (client/data/loader-helpers.ts); with the build and the origin it
 * decides the HTML, as the rendered-HTML cache relies on. A route answer made once per content version stands in by its digest,
 * so the ETag costs one hash of a short string, not a serialization of its own (issue 16 item 5, ADR 054, ADR 056).
 */
export function pageEtag(page: PageIdentity, validator: string): string {
  return `W/"${hash('sha1', `${page.buildId}\0${page.served}\0${page.origin}\0${validator}`, 'base64url')}"`;
}

/** What stands for a route's answer in the validator when the answer is made once per content version: a hash of its JSON. */
export function routeDigest(json: string): string {
  return hash('sha1', json, 'base64url');
}
