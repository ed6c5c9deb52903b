import { Readable } from 'node:stream';

import type { Response as ExpressResponse } from 'express';

/**
 * Sends a Fetch `Response` (a loader's redirect, usually) through Express:
 * status, every header (multi-value Set-Cookie appended, not overwritten),
 * and a streamed body that stops if the client goes away.
 */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie);
  if (!response.body) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  res.on('close', () => body.destroy());
  body.pipe(res);
}
