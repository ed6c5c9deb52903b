/** Longer ones are refused rather than truncated. */
export const MAX_REDIRECT_LENGTH = 2048;

/** Percent-decoding rounds before giving up: `%25252f` takes three to show its `/`. */
const MAX_DECODE_ROUNDS = 3;

/** Backslashes (`/\evil` reads as `//evil`), controls (browsers drop tabs and newlines: `/\t/evil`), format characters, line breaks. */
const FORBIDDEN = /[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** As written, no white space at all either: a header value carries `%20`, never a space. */
const FORBIDDEN_RAW = /[\\\p{Cc}\p{Cf}\p{Z}\s]/u;

/** Slashes NFKC leaves alone but some parsers fold into `/` or `\` (dot lookalikes cannot remove the leading `/`). */
const LOOKALIKE = /[\u2044\u2215\u2216\u29f5\u29f8\u29f9]/u;
/** A first segment that reads like a URL scheme (`javascript:`, `http:`). */
const SCHEME = /^\/[a-z][a-z0-9+.-]*:/i;

export function tryDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function isSafePathForm(path: string, forbidden: RegExp): boolean {
  if (!path.startsWith('/') || path.includes('//') || SCHEME.test(path)) return false;
  return !forbidden.test(path) && !LOOKALIKE.test(path);
}

/** Every form a parser might act on: as written, NFKC-folded (fullwidth `／` is `/`), and each round of percent-decoding of both. */
function isSafePath(path: string): boolean {
  let current = path;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    const folded = current.normalize('NFKC');
    const forbidden = round === 0 ? FORBIDDEN_RAW : FORBIDDEN;
    if (!isSafePathForm(current, forbidden) || !isSafePathForm(folded, forbidden)) return false;
    const decoded = tryDecode(folded);
    if (decoded === undefined) return false;
    if (decoded === current) return true;
    current = decoded;
  }
  // Still changing after MAX_DECODE_ROUNDS: no link of ours is encoded that many times.
  return false;
}

/** The query and fragment cannot change the origin; they only need to decode cleanly. */
function isSafeSuffix(suffix: string): boolean {
  return !FORBIDDEN_RAW.test(suffix) && tryDecode(suffix.replace(/\+/g, ' ')) !== undefined;
}

/** The one gate every redirect goes through (ADR 011). The URL parser's serialisation is checked again, so it is idempotent. */
export function toSafeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return undefined;
  const suffixAt = value.search(/[?#]/);
  const path = suffixAt === -1 ? value : value.slice(0, suffixAt);
  const suffix = suffixAt === -1 ? '' : value.slice(suffixAt);
  if (!isSafePath(path) || !isSafeSuffix(suffix)) return undefined;

  const url = new URL(value, 'http://redirect.invalid');
  if (url.origin !== 'http://redirect.invalid') return undefined;
  // Resolving dot segments can only shorten a checked path, but the serialised form is what leaves.
  const ok = url.pathname.length <= MAX_REDIRECT_LENGTH && isSafePath(url.pathname) && isSafeSuffix(url.search + url.hash);
  return ok ? url.pathname + url.search + url.hash : undefined;
}

/** The browser's side (small, for the first-load bundle): stays on `origin` and never starts with `//` (protocol-relative), else `/`. */
export function toSameOriginPath(value: string, origin: string): string {
  try {
    const url = new URL(value, `${origin}/`);
    return url.origin === origin && !url.pathname.startsWith('//') ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}
