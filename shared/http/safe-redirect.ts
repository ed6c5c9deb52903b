/** Longest redirect target accepted; longer ones are refused rather than truncated. */
export const MAX_REDIRECT_LENGTH = 2048;

/** Percent-decoding rounds before giving up: `%25252f` takes three to show its `/`. */
const MAX_DECODE_ROUNDS = 3;

/**
 * Characters no redirect target may hold in any form: backslashes (browsers
 * read `/\evil` as `//evil`), controls (browsers drop tabs and newlines
 * inside URLs, so `/\t/evil` is `//evil`), format characters (zero-width,
 * bidi) and line breaks.
 */
const FORBIDDEN = /[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** As written, no white space at all either: a header value carries `%20`, never a space. */
const FORBIDDEN_RAW = /[\\\p{Cc}\p{Cf}\p{Z}\s]/u;

/**
 * Slashes that NFKC leaves alone but some parsers and proxies fold into `/`
 * or `\`. Dot lookalikes need no rule: dot segments cannot remove the
 * leading `/`, and `//` is refused in every form.
 */
const LOOKALIKE = /[\u2044\u2215\u2216\u29f5\u29f8\u29f9]/u;

/** A first segment that reads like a URL scheme (`javascript:`, `http:`). */
const SCHEME = /^\/[a-z][a-z0-9+.-]*:/i;

/** What NFKC-folding URL parsers would see (fullwidth `／`, `％`, `．` become `/`, `%`, `.`). */
const fold = (value: string) => value.normalize('NFKC');

function decodeOnce(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** One form of the path (raw, folded or decoded) that must not leave the origin in any parser. */
function isSafePathForm(path: string, forbidden: RegExp): boolean {
  if (!path.startsWith('/') || path.includes('//') || SCHEME.test(path)) return false;
  return !forbidden.test(path) && !LOOKALIKE.test(path);
}

/**
 * Every form of the path a parser might act on: as written, NFKC-folded,
 * and each round of percent-decoding of both. A form that cannot be decoded
 * (`%`, `%zz`, overlong UTF-8 like `%c0%af`) makes the whole value unsafe.
 */
function isSafePath(path: string): boolean {
  let current = path;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    const folded = fold(current);
    const forbidden = round === 0 ? FORBIDDEN_RAW : FORBIDDEN;
    if (!isSafePathForm(current, forbidden) || !isSafePathForm(folded, forbidden)) return false;
    const decoded = decodeOnce(folded);
    if (decoded === undefined) return false;
    if (decoded === current) return true;
    current = decoded;
  }
  // Still changing after MAX_DECODE_ROUNDS: no link of ours is encoded that many times.
  return false;
}

/** The query and fragment only need to decode cleanly; they cannot change the origin. */
function isSafeSuffix(suffix: string): boolean {
  return !FORBIDDEN_RAW.test(suffix) && decodeOnce(suffix.replace(/\+/g, ' ')) !== undefined;
}

/**
 * The one gate every redirect goes through (issue 12, finding 1): returns a
 * same-origin path to put in `Location`, or `undefined` when `value` is not
 * one. Accepted: a path starting with a single `/`, with optional query and
 * fragment (`/de/models/x?q=1#h`, `/articles/k%C3%BCche`). Refused, in any
 * raw, NFKC-folded or percent-decoded (up to 3 rounds) form of the path:
 * `//`, `\`, control, format and line-break characters (and raw white
 * space), slash lookalikes, scheme-like first segments, malformed escapes.
 * The result is serialised by the WHATWG URL parser (dot segments resolved,
 * non-ASCII percent-encoded) and checked again, so it is idempotent.
 */
export function toSafeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return undefined;
  const suffixAt = value.search(/[?#]/);
  const path = suffixAt === -1 ? value : value.slice(0, suffixAt);
  const suffix = suffixAt === -1 ? '' : value.slice(suffixAt);
  if (!isSafePath(path) || !isSafeSuffix(suffix)) return undefined;

  const url = new URL(value, 'http://redirect.invalid');
  if (url.origin !== 'http://redirect.invalid') return undefined;
  const normalised = url.pathname + url.search + url.hash;
  // Resolving dot segments can only shorten a checked path, but the serialised form is what leaves.
  const resolvedPath = url.pathname;
  return resolvedPath.length <= MAX_REDIRECT_LENGTH && isSafePath(resolvedPath) && isSafeSuffix(url.search + url.hash) ? normalised : undefined;
}

/**
 * The browser's side of the same gate, for a value the server already passed
 * through `toSafeRedirectPath` (a route-data redirect) or the URL parser
 * produced (the page being navigated to): resolved against `origin`, it must
 * stay there and must not start with `//`, which react-router hands to
 * `location.assign` as protocol-relative. Anything else is `/`. Separate so
 * the first-load bundle does not carry the full checks (docs/budgets.md).
 */
export function toSameOriginPath(value: string, origin: string): string {
  try {
    const url = new URL(value, `${origin}/`);
    return url.origin === origin && !url.pathname.startsWith('//') ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}
