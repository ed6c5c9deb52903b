/**
 * The one check for URLs from the CMS (the content mapper's asset URLs, rich-text hyperlinks): only absolute http(s),
 * mailto and tel survive, and for hyperlinks links into the site (toLinkHref); javascript:, data:, backslash and
 * control-character tricks are refused and the caller renders the text without a link. The WHATWG URL parser decides the scheme, exactly as the browser would.
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
// eslint-disable-next-line no-control-regex
const EDGE_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
// The URL parser silently drops tabs and newlines inside URLs; any control character left is refused.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_URL_LENGTH = 4096;
const SAFE_PATH = /^\/(?![/\\])/;

/** A hyperlink target safe to put in `href`, normalized, or null. */
export function toSafeHref(uri: unknown): string | null {
  if (typeof uri !== 'string' || uri.length > MAX_URL_LENGTH) return null;
  const trimmed = uri.replace(EDGE_SPACE, '');
  if (trimmed === '' || CONTROL.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return null;
  // `https://ourshop.com@evil.example` reads like our domain but is not.
  if (url.username || url.password) return null;
  return url.href;
}

const PAGE = 'https://page.invalid/p';

/**
 * A rich-text hyperlink target. Links into the site come out relative, so they stay on whatever host serves the page and
 * navigate client-side: `/path`, `?query` and `#fragment` normalized, absolute URLs on `origin` cut to their path. `//host/…`
 * is another origin over https. Path-relative references (`models`, `../x`) are refused: one field renders under several
 * URLs (the footer on every page, locale prefixes), so their target would move with the page. The rest is toSafeHref.
 */
export function toLinkHref(uri: unknown, origin?: string): string | null {
  if (typeof uri !== 'string' || uri.length > MAX_URL_LENGTH) return null;
  const trimmed = uri.replace(EDGE_SPACE, '');
  if (CONTROL.test(trimmed)) return null;
  if (SAFE_PATH.test(trimmed)) return toSitePath(new URL(trimmed, PAGE));
  if (/^[?#]/.test(trimmed)) return new URL(trimmed, PAGE).href.slice(PAGE.length);
  const href = toSafeHref(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
  if (!href || !origin || !isWebHref(href)) return href;
  const url = new URL(href);
  return (URL.canParse(origin) && url.origin === new URL(origin).origin && toSitePath(url)) || href;
}

/** Path, query and fragment of a URL; null when the path starts with `//` (`/.//x` normalizes to it), which would name another host. */
function toSitePath(url: URL): string | null {
  return url.pathname.startsWith('//') ? null : url.href.slice(url.origin.length);
}

/** Whether an href is a web link (it gets `rel="noopener noreferrer"`). */
export function isWebHref(href: string): boolean {
  return href.startsWith('http:') || href.startsWith('https:');
}

/** An origin-relative path (`/x`), never a protocol-relative one (`//x`, `/\x`). */
export function isSafePath(path: unknown): path is string {
  return typeof path === 'string' && SAFE_PATH.test(path) && !CONTROL.test(path) && path.length <= MAX_URL_LENGTH;
}

/**
 * An asset file URL safe for `href`/`src`: our `/content-assets/…` paths,
 * Contentful's protocol-relative `//…ctfassets.net/…` made https, or an
 * absolute http(s) URL.
 */
export function toSafeAssetUrl(url: unknown): string | null {
  if (isSafePath(url)) return url;
  if (typeof url === 'string' && url.startsWith('//')) return toWebUrl(`https:${url}`);
  return toWebUrl(url);
}

function toWebUrl(url: unknown): string | null {
  const href = toSafeHref(url);
  return href && isWebHref(href) ? href : null;
}
