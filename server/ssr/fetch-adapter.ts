import { Readable } from 'node:stream';

import { requestOrigin } from '#server/middleware/allowed-hosts.ts';
import { toSafeRedirectPath } from '#shared/http/safe-redirect.ts';

import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/** As react-router-express does; the signal fires only if the client goes away before we finish. */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, publicUrl?: string, target = requestTarget(req.originalUrl)): Request {
  // Concatenate rather than resolve: `new URL('//evil.test/x', base)` would change the host. Request parses the string once.
  const url = `${requestOrigin(req, publicUrl)}${target}`;
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client disconnected'));
  });
  const headers = new Headers();
  for (const name in req.headers) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.append(name, value);
    else if (value) for (const v of value) headers.append(name, v);
  }
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

/** The absolute form (`GET http://h/p`) keeps only path and query. */
export function requestTarget(originalUrl: string): string {
  if (originalUrl.startsWith('/')) return originalUrl;
  const absolute = URL.parse(originalUrl);
  return absolute ? absolute.pathname + absolute.search : '/';
}

/** A loader's redirect, usually; no redirect leaves the site (ADR 011). */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== 'set-cookie' && name !== 'location') res.setHeader(name, value);
  const location = response.headers.get('location');
  if (location !== null) res.setHeader('Location', toSafeLocation(res, location));
  for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie);
  if (!response.body) return void res.end();
  const body = Readable.fromWeb(response.body as NodeReadableStream);
  res.on('close', () => body.destroy());
  body.pipe(res);
}

/** Anything but a same-origin path becomes `/`, logged. */
export function toSafeLocation(res: ExpressResponse, location: string): string {
  const safe = toSafeRedirectPath(location);
  if (safe === undefined) res.req.log?.warn({ location: location.slice(0, 200) }, 'unsafe redirect target replaced');
  return safe ?? '/';
}
