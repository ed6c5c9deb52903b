// A path of characters URLs keep as they are (nothing to percent-encode, no dot segment, no backslash) on an origin as URLs spell
// it resolves to the two joined: no URL parse per link of every rendered page (ADR 056). Anything else goes through `new URL`.
const PLAIN_PATH = /^\/(?![/\\])[\w\-.~!$&*+,;=:@%/]*(?:\?[\w\-.~!$&*+,;=:@%/?]*)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
// Clients choose the Host a page is rendered for: bounded, cleared when full.
let canonicalOrigins: Map<string, boolean> | undefined;

function isCanonicalOrigin(origin: string): boolean {
  canonicalOrigins ??= new Map();
  let known = canonicalOrigins.get(origin);
  if (known === undefined) {
    if (canonicalOrigins.size >= 256) canonicalOrigins.clear();
    try {
      known = new URL(origin).origin === origin;
    } catch {
      known = false;
    }
    canonicalOrigins.set(origin, known);
  }
  return known;
}

/** `new URL(url, origin).toString()`: an origin-relative or absolute URL made absolute on `origin`. */
export function joinPlainUrl(url: string, origin: string): string {
  if (PLAIN_PATH.test(url) && !DOT_SEGMENT.test(url) && isCanonicalOrigin(origin)) return origin + url;
  return new URL(url, origin).toString();
}
