import compression from 'compression';

import type { RequestHandler } from 'express';

/** Without Accept-Encoding compression still wraps the response, which kept ~35 KB per rendered page alive through young GCs (ADR 056). */
export function compressResponses(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    if (req.headers['accept-encoding'] !== undefined) return compress(req, res, next);
    res.vary('Accept-Encoding');
    next();
  };
}
