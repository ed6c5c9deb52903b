import { parseHost } from '#server/middleware/allowed-hosts.ts';

import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * Express request → Fetch `Request`, as react-router-express does: the
 * canonical origin (see `requestOrigin`), the original URL or the given
 * origin-relative `target`, every header (multi-value kept), and an
 * AbortSignal that fires only if the client goes away before we finish.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, publicUrl?: string, target = requestTarget(req.originalUrl)): Request {
  // Concatenate rather than resolve: `new URL('//evil.test/x', base)` would change the host.
  const url = new URL(`${requestOrigin(req, publicUrl)}${target}`);
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client disconnected'));
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

/**
 * The origin every absolute URL uses (canonical links, og:url, feeds, sitemap):
 * PUBLIC_URL when configured; else the request's protocol and `req.host`, which
 * Express takes from X-Forwarded-Proto/-Host only from a TRUST_PROXY hop and
 * which the allowed-hosts middleware has checked against ALLOWED_HOSTS. One
 * spelling per host (lower case, no default port), since the page cache keys on it;
 * a malformed value (outside the app's guard) gives `http://localhost`.
 */
export function requestOrigin(req: ExpressRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return new URL(`${protocol}://${parseHost(req.host)?.host ?? 'localhost'}`).origin;
}

/** The path and query of the request target; the absolute form (`GET http://h/p`) keeps only those. */
export function requestTarget(originalUrl: string): string {
  if (originalUrl.startsWith('/')) return originalUrl;
  try {
    const absolute = new URL(originalUrl);
    return absolute.pathname + absolute.search;
  } catch {
    return '/';
  }
}
