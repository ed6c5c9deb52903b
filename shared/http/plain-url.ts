// A path URLs keep as it is, on an origin as URLs spell it, resolves to the two joined: no URL parse per link (ADR 056).
const PLAIN_PATH = /^\/(?![/\\])[\w\-.~!$&*+,;=:@%/]*(?:\?[\w\-.~!$&*+,;=:@%/?]*)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
// Clients choose the Host a page is rendered for: bounded, cleared when full.
const canonicalOrigins = new Map<string, boolean>();

function isCanonicalOrigin(origin: string): boolean {
  let known = canonicalOrigins.get(origin);
  if (known === undefined) {
    if (canonicalOrigins.size >= 256) canonicalOrigins.clear();
    known = URL.canParse(origin) && new URL(origin).origin === origin;
    canonicalOrigins.set(origin, known);
  }
  return known;
}

/** `new URL(url, origin).toString()`. */
export function joinPlainUrl(url: string, origin: string): string {
  if (PLAIN_PATH.test(url) && !DOT_SEGMENT.test(url) && isCanonicalOrigin(origin)) return origin + url;
  return new URL(url, origin).toString();
}
