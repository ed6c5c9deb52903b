/**
 * The route pattern of a matched URL (`/de/models/chair` with `{ slug: 'chair' }`
 * becomes `/de/models/:slug`), for grouping insights by page type rather
 * than by URL. React Router's `useMatches()` exposes the matched pathname and
 * params but not the pattern, so the params are folded back into the path,
 * right to left, the way Vercel Analytics' `computeRoute` does.
 */
export function toRoutePattern(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  const segments = trimTrailingSlash(pathname).split('/');
  const splat = params['*'];
  if (splat) {
    const splatSegments = splat.split('/').filter(Boolean).length;
    segments.splice(segments.length - splatSegments, splatSegments, '*');
  }
  const named = Object.entries(params).filter((entry): entry is [string, string] => entry[0] !== '*' && typeof entry[1] === 'string' && entry[1] !== '');
  let searchFrom = segments.length - 1;
  for (const [name, value] of named.reverse()) {
    for (let index = searchFrom; index > 0; index -= 1) {
      if (safeDecode(segments[index] ?? '') === value) {
        segments[index] = `:${name}`;
        searchFrom = index - 1;
        break;
      }
    }
  }
  return segments.join('/') || '/';
}

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
