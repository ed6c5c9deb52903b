import { Readable } from 'node:stream';

import { toSafeRedirectPath } from '#shared/http/safe-redirect.ts';

import type { Response as ExpressResponse } from 'express';

/**
 * Sends a Fetch `Response` (a loader's redirect, usually) through Express:
 * status, every header (multi-value Set-Cookie appended, not overwritten),
 * and a streamed body that stops if the client goes away. `Location` goes
 * through the one redirect gate: a target that is not a same-origin path
 * becomes `/` (issue 12, finding 1), so no loader can turn into an open redirect.
 */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'location') continue;
    res.setHeader(name, value);
  }
  const location = response.headers.get('location');
  if (location !== null) res.setHeader('Location', toSafeLocation(res, location));
  for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie);
  if (!response.body) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  res.on('close', () => body.destroy());
  body.pipe(res);
}

function toSafeLocation(res: ExpressResponse, location: string): string {
  const safe = toSafeRedirectPath(location);
  if (safe === undefined) res.req.log?.warn({ location: location.slice(0, 200) }, 'unsafe redirect target replaced');
  return safe ?? '/';
}
