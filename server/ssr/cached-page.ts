import { updatePolicy } from '#server/middleware/content-security-policy.ts';
import { etagMatches } from '#server/ssr/etag.ts';

import type { CachedPage } from '#server/ssr/page-cache.ts';
import type { Request, Response } from 'express';

/** Picks the best stored variant for Accept-Encoding (brotli, gzip, identity). */
function negotiate(accept: string | undefined): 'br' | 'gzip' | 'identity' {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Answers from the page cache: same bytes for everyone, so the CSP allows
 * the page's inline scripts and `<style>` elements by hash instead of this
 * request's nonce, with the route's own relaxation (framing, for the embed).
 */
export function sendCachedPage(req: Request, res: Response, page: CachedPage): void {
  updatePolicy(res, { nonce: undefined, scriptHashes: page.scriptHashes, styleHashes: page.styleHashes, ...page.policy });
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader('ETag', page.etag);
  res.setHeader('Vary', 'Accept-Encoding, Cookie');
  if (etagMatches(req.get('if-none-match'), page.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = negotiate(req.get('accept-encoding'));
  const body = encoding === 'identity' ? page.identity : page[encoding];
  res.status(page.status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  // The compression middleware leaves responses that already carry a Content-Encoding alone.
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}
