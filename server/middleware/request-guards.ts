import { HttpError } from '#shared/http/http-error.ts';
import { tryDecode } from '#shared/http/safe-redirect.ts';

import type { RequestHandler } from 'express';

export const MAX_URL_BYTES = 8 * 1024;

/** Before any router; a declared body over `maxBodyBytes` is refused before a byte is read. */
export function requestGuards(options: { maxBodyBytes: number }): RequestHandler {
  return (req, _res, next) => {
    const target = req.originalUrl;
    if (Buffer.byteLength(target) > MAX_URL_BYTES) return next(new HttpError(414, `URL is longer than ${MAX_URL_BYTES} bytes`));
    if (Number(req.get('content-length') ?? 0) > options.maxBodyBytes) {
      return next(new HttpError(413, `Request body is larger than ${options.maxBodyBytes} bytes`, { headers: { Connection: 'close' } }));
    }
    const decoded = tryDecode(target.split('?', 1)[0]!);
    const query = req.url.includes('?') ? tryDecode(target.slice(target.indexOf('?') + 1).replace(/\+/g, ' ')) : '';
    if (decoded === undefined || query === undefined) return next(new HttpError(400, 'URL has malformed percent-encoding'));
    if (decoded.includes('\0') || decoded.includes('\\') || /(^|\/)\.\.(\/|$)/.test(decoded))
      return next(new HttpError(400, 'URL path contains a forbidden segment'));
    next();
  };
}

export function pageMethods(): RequestHandler {
  return (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    next(new HttpError(405, `Method ${req.method} is not allowed here`, { headers: { Allow: 'GET, HEAD' } }));
  };
}
