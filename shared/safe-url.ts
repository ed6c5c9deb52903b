// URLs from the CMS: the WHATWG URL parser decides the scheme, exactly as the browser would.

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
// eslint-disable-next-line no-control-regex
const EDGE_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
// The URL parser silently drops tabs and newlines inside URLs; any control character left is refused.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_URL_LENGTH = 4096;
const SAFE_PATH = /^\/(?![/\\])/;

export function toSafeHref(uri: unknown): string | null {
  if (typeof uri !== 'string' || uri.length > MAX_URL_LENGTH) return null;
  const trimmed = uri.replace(EDGE_SPACE, '');
  if (trimmed === '' || CONTROL.test(trimmed)) return null;
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if (!SAFE_PROTOCOLS.has(url.protocol)) return null;
  // `https://ourshop.com@evil.example` reads like our domain but is not.
  if (url.username || url.password) return null;
  return url.href;
}

const PAGE = 'https://page.invalid/p';

/**
 * Links into the site come out relative, so they stay on whatever host serves the page. Path-relative references are refused:
 * one field renders under several URLs (the footer, locale prefixes), so their target would move with the page.
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

/** Null when the path starts with `//` (`/.//x` normalizes to it). */
function toSitePath(url: URL): string | null {
  return url.pathname.startsWith('//') ? null : url.href.slice(url.origin.length);
}

export function isWebHref(href: string): boolean {
  return href.startsWith('http:') || href.startsWith('https:');
}

export function isSafePath(path: unknown): path is string {
  return typeof path === 'string' && SAFE_PATH.test(path) && !CONTROL.test(path) && path.length <= MAX_URL_LENGTH;
}

export function toSafeAssetUrl(url: unknown): string | null {
  if (isSafePath(url)) return url;
  if (typeof url === 'string' && url.startsWith('//')) return toWebUrl(`https:${url}`);
  return toWebUrl(url);
}

function toWebUrl(url: unknown): string | null {
  const href = toSafeHref(url);
  return href && isWebHref(href) ? href : null;
}
