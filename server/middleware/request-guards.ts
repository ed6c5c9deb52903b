import { HttpError } from '#shared/http/http-error.ts';

import type { RequestHandler } from 'express';

/** Longest request target we accept (issue: URL over 8 KB → 414). */
export const MAX_URL_BYTES = 8 * 1024;

/**
 * Rejects hostile request targets before any router sees them: oversized
 * URLs (414), malformed percent-encoding (400), and encoded dot-segments or
 * NUL bytes that could walk out of a served folder (400).
 */
export function requestGuards(): RequestHandler {
  return (req, _res, next) => {
    const target = req.originalUrl;
    if (Buffer.byteLength(target) > MAX_URL_BYTES) {
      return next(new HttpError(414, `URL is longer than ${MAX_URL_BYTES} bytes`));
    }
    const path = target.split('?', 1)[0] ?? '/';
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
      if (req.url.includes('?')) decodeURIComponent(target.slice(target.indexOf('?') + 1).replace(/\+/g, ' '));
    } catch {
      return next(new HttpError(400, 'URL has malformed percent-encoding'));
    }
    if (decoded.includes('\0') || /(^|[/\\])\.\.([/\\]|$)/.test(decoded) || decoded.includes('\\')) {
      return next(new HttpError(400, 'URL path contains a forbidden segment'));
    }
    next();
  };
}

/** Pages answer GET and HEAD only; anything else is a 405 with `Allow`. */
export function pageMethods(): RequestHandler {
  return (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    next(new HttpError(405, `Method ${req.method} is not allowed here`, { headers: { Allow: 'GET, HEAD' } }));
  };
}
