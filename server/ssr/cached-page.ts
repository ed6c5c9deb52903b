import { updatePolicy } from '#server/middleware/security.ts';

import type { Config } from '#server/config.ts';
import type { CachedPage } from '#server/ssr/page-cache.ts';
import type { CanonicalPage } from '#shared/canonical-url.ts';
import type { Request, Response } from 'express';

/**
 * The page-cache key (ADR 013): build, canonical origin and canonical target, so junk query
 * parameters and Host spellings share one entry. `undefined` keeps a page out: preview and credentialed
 * requests, open-ended query values, and, without PUBLIC_URL, origins outside the exact ALLOWED_HOSTS
 * names on the default port or PORT (a leading-dot entry or a free port would let one client mint endless origins).
 */
export function createPageCacheKey(config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'port'>, buildId: string) {
  const names = new Set(config.allowedHosts.filter((entry) => !entry.startsWith('.')));
  const ports = new Set(['', String(config.port)]);
  const isBoundedOrigin = (origin: string) => {
    const url = new URL(origin);
    return names.has(url.hostname.replace(/^\[|\]$/g, '')) && ports.has(url.port);
  };
  return (req: Request, res: Response, origin: string, page: CanonicalPage): string | undefined => {
    if (res.locals.preview === true || req.headers.authorization || !page.cacheable) return undefined;
    if (!config.publicUrl && !isBoundedOrigin(origin)) return undefined;
    return `${buildId}|${origin}|${page.target}`;
  };
}

/**
 * Answers from the page cache: the same bytes for everyone, so the CSP allows the page's inline scripts
 * and `<style>` elements by hash instead of a nonce, with the route's own framing policy.
 */
export function sendCachedPage(req: Request, res: Response, page: CachedPage): void {
  updatePolicy(res, { nonce: undefined, scriptHashes: page.scriptHashes, styleHashes: page.styleHashes, ...page.policy });
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader('ETag', page.etag);
  res.setHeader('Vary', 'Accept-Encoding, Cookie');
  if (req.fresh) return void res.status(304).end();
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
  const body = page[encoding];
  res.status(page.status).setHeader('Content-Type', 'text/html; charset=utf-8');
  // The compression middleware leaves responses that already carry a Content-Encoding alone.
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A pipe target for React that is `res` itself (writes, backpressure, compression's flush) except that
 * it keeps a copy of every byte; `onEnd` receives the whole document once React ends it.
 */
export function captureInto(res: Response, onEnd: (html: string) => void): NodeJS.WritableStream {
  const chunks: Buffer[] = [];
  const write = (chunk: Uint8Array | string) => (chunks.push(Buffer.from(chunk)), res.write(chunk));
  const end = () => {
    res.end();
    onEnd(Buffer.concat(chunks).toString('utf8'));
  };
  return new Proxy(res, {
    get(target, key) {
      if (key === 'write') return write;
      if (key === 'end') return end;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
