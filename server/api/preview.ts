import { parseCookie } from 'cookie';
import { sign, unsign } from 'cookie-signature';
import { Router } from 'express';

import { LOOPBACK_HOSTS } from '#server/config-helpers.ts';
import { isAllowedHost } from '#server/middleware/allowed-hosts.ts';
import { safeEqual } from '#server/middleware/auth.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { toSafeRedirectPath } from '#shared/http/safe-redirect.ts';

import type { Request, RequestHandler } from 'express';

export const PREVIEW_COOKIE = 'vitrine_preview';
const MAX_AGE_S = 60 * 60;

/**
 * Clearing must repeat these or browsers keep the old cookie. Inside Contentful's Live Preview iframe (third-party) it needs
 * `SameSite=None; Secure`, partitioned (CHIPS). Browsers take a Secure cookie over HTTPS or from a loopback host; over plain
 * HTTP elsewhere it is `Lax`, so preview works in its own tab but not framed.
 */
const cookieOptions = (req: Request) =>
  req.secure || isAllowedHost(req.hostname ?? '', LOOPBACK_HOSTS)
    ? { httpOnly: true, secure: true, sameSite: 'none' as const, partitioned: true, path: '/' }
    : { httpOnly: true, secure: false, sameSite: 'lax' as const, path: '/' };

/** The cookie holds its expiry (Unix seconds), signed. */
function isValidToken(value: string, cookieSecret: string): boolean {
  const expires = unsign(value, cookieSecret);
  return expires !== false && /^\d{1,12}$/.test(expires) && Number(expires) > Date.now() / 1000;
}

/** Sets `res.locals.preview`; a malformed, forged or expired cookie is ignored and cleared (ADR 011). */
export function previewCookie(cookieSecret: string): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.cookie;
    // Never percent-encoded (set with `encode: String`), so read as sent: a bare decodeURIComponent made a bad escape a 500.
    const raw = header?.includes(PREVIEW_COOKIE) ? parseCookie(header, { decode: (value) => value })[PREVIEW_COOKIE] : undefined;
    if (raw !== undefined) {
      res.locals.preview = isValidToken(raw, cookieSecret);
      if (!res.locals.preview) res.clearCookie(PREVIEW_COOKIE, cookieOptions(req));
    }
    next();
  };
}

/** `/api/preview?secret=…&path=…` turns preview on for this visitor and redirects to a local path; `/api/preview/exit` turns it off. */
export function createPreviewRouter(options: { secret: string | undefined; cookieSecret: string; enabled: boolean }): Router {
  const router = Router();
  router.get('/', (req, res) => {
    if (!options.enabled || !options.secret) throw new HttpError(404, 'Preview is not configured');
    const secret = typeof req.query.secret === 'string' ? req.query.secret : '';
    if (!safeEqual(secret, options.secret)) throw new HttpError(401, 'Wrong preview secret');
    const path = req.query.path === undefined ? '/' : toSafeRedirectPath(req.query.path);
    if (!path) throw new HttpError(400, 'path must be a path on this site, starting with a single /');
    const expires = String(Math.floor(Date.now() / 1000) + MAX_AGE_S);
    res.cookie(PREVIEW_COOKIE, sign(expires, options.cookieSecret), { ...cookieOptions(req), maxAge: MAX_AGE_S * 1000, encode: String });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(307, path);
  });
  router.get('/exit', (req, res) => {
    res.clearCookie(PREVIEW_COOKIE, cookieOptions(req));
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(307, toSafeRedirectPath(req.query.path) ?? '/');
  });
  return router;
}
