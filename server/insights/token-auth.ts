import { safeEqual } from '#server/middleware/auth.ts';

import type { RequestHandler } from 'express';

/** What the summary endpoints answer without a usable token. */
export const TOKEN_NOT_CONFIGURED = 'The insights summary is disabled: set INSIGHTS_TOKEN to enable it';

/** The token from `Authorization: Bearer …` or, for a browser bookmark, `?token=` (redacted in logs). */
export function readToken(authorization: string | undefined, query: unknown): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (bearer) return bearer;
  const fromQuery = (query as Record<string, unknown> | undefined)?.token;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}

/**
 * Guards operator endpoints with INSIGHTS_TOKEN. Without a configured token
 * every request is refused, so a forgotten setting never exposes the data.
 * `onRefused` sends the 401 (JSON or HTML, up to the router).
 */
export function requireToken(expected: string | undefined, onRefused: (res: Parameters<RequestHandler>[1], message: string) => void): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!expected) return onRefused(res, TOKEN_NOT_CONFIGURED);
    const given = readToken(req.get('authorization'), req.query);
    if (!given) return onRefused(res, 'Send the insights token as "Authorization: Bearer <token>" or ?token=');
    if (!safeEqual(given, expected)) return onRefused(res, 'The insights token is not valid');
    next();
  };
}
