import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * Express request → Fetch `Request`, as react-router-express does: the
 * proxy-aware protocol and host (Express's `req.protocol`/`req.host` honour
 * `trust proxy`), the original URL, every header (multi-value kept), and an
 * AbortSignal that fires only if the client goes away before we finish.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, origin?: string): Request {
  const base = origin ?? `${req.protocol}://${req.host}`;
  const url = new URL(req.originalUrl, base);
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
  return publicUrl ?? `${req.protocol}://${req.host}`;
}
