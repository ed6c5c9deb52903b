import compression from 'compression';

import type { RequestHandler } from 'express';

/**
 * `compression()` for requests that accept an encoding. One without Accept-Encoding (probes, load generators, some
 * crawlers and CDN fetches) would get identity anyway, yet the middleware still wraps the response's write, end, on and
 * writeHead; on a rendered page that kept ~35 KB per request alive through young-generation GCs (ADR 056). Such a
 * request gets the `Vary` the middleware would have added and nothing else.
 */
export function compressResponses(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    if (req.headers['accept-encoding'] !== undefined) return compress(req, res, next);
    res.vary('Accept-Encoding');
    next();
  };
}
