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
 * A weak validator from the page's identity and its hydration JSON (not the nonce), so unchanged pages answer 304 before rendering.
 * That JSON is the page's data with rendered rich text as its key alone, which names entry, field, locale, version and the links'
 * hash (client/data/loader-helpers.ts): with the build and the origin it decides the HTML, as the rendered-HTML cache relies on.
 * So the ETag costs one hash of JSON the page needs anyway, not a serialization of its own (issue 16 item 5, ADR 054, ADR 056).
 */
export function pageEtag(page: PageIdentity, hydration: string): string {
  return `W/"${hash('sha1', `${page.buildId}\0${page.served}\0${page.origin}\0${hydration}`, 'base64url')}"`;
}
