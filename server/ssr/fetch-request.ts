import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * Express request → Fetch `Request`, as react-router-express does: the
 * proxy-aware protocol and host (Express's `req.protocol`/`req.host` honour
 * `trust proxy`), the original URL, every header (multi-value kept), and an
 * AbortSignal that fires only if the client goes away before we finish.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, origin?: string): Request {
  // Concatenate rather than resolve: `new URL('//evil.test/x', base)` would change the host.
  const url = new URL(`${requestOrigin(req, origin)}${requestTarget(req.originalUrl)}`);
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

/** The origin canonical URLs use: PUBLIC_URL when configured, else the (proxy-aware) request origin. */
export function requestOrigin(req: ExpressRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${requestHost(req)}`;
}

/** A host name or [IPv6] literal with an optional port; nothing that could smuggle a path or user info. */
const HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * `req.host` (X-Forwarded-Host behind a trusted proxy, else Host), falling
 * back to the Host header and then `localhost` when a value is malformed, so
 * a hostile header can neither throw in `new URL` nor change the path.
 */
function requestHost(req: ExpressRequest): string {
  for (const candidate of [req.host, req.get('host')]) {
    if (candidate && HOST.test(candidate)) return candidate;
  }
  return 'localhost';
}

/** The path and query of the request target; the absolute form (`GET http://h/p`) keeps only those. */
function requestTarget(originalUrl: string): string {
  if (originalUrl.startsWith('/')) return originalUrl;
  try {
    const absolute = new URL(originalUrl);
    return absolute.pathname + absolute.search;
  } catch {
    return '/';
  }
}
