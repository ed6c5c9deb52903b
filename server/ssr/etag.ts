import { createHash } from 'node:crypto';

/**
 * A weak validator for a rendered page: it depends on the build, the URL and
 * the loaders' data, not on the per-request nonce, so "same content" answers
 * If-None-Match with 304 before any rendering happens.
 */
export function pageEtag(buildId: string, url: string, loaderData: unknown): string {
  const hash = createHash('sha1')
    .update(buildId)
    .update('\0')
    .update(url)
    .update('\0')
    .update(JSON.stringify(loaderData) ?? '')
    .digest('base64url');
  return `W/"${hash}"`;
}

/** RFC 9110 weak comparison of an If-None-Match header against one ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}
