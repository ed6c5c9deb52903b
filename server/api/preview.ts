import { createHmac, timingSafeEqual } from 'node:crypto';

import { Router } from 'express';

import { HttpError } from '#shared/http/http-error.ts';

import type { RequestHandler } from 'express';

export const PREVIEW_COOKIE = 'vitrine_preview';
const MAX_AGE_S = 60 * 60;

function sign(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A local path to return to: one leading slash, no scheme, no backslash, no protocol-relative `//`. */
export function toLocalPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /\p{Cc}/u.test(value)) return undefined;
  const url = new URL(value, 'http://local');
  return url.host === 'local' ? url.pathname + url.search : undefined;
}

/** Reads the signed preview cookie and sets `res.locals.preview`. */
export function previewCookie(cookieSecret: string): RequestHandler {
  return (req, res, next) => {
    const raw = req.headers.cookie
      ?.split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${PREVIEW_COOKIE}=`))
      ?.slice(PREVIEW_COOKIE.length + 1);
    if (raw) {
      const [expires, signature] = decodeURIComponent(raw).split('.');
      res.locals.preview = !!expires && !!signature && Number(expires) > Date.now() / 1000 && safeEqual(signature, sign(expires, cookieSecret));
    }
    next();
  };
}

/**
 * `/api/preview?secret=…&path=…` turns preview on for this visitor (signed,
 * HttpOnly, SameSite=Lax cookie; Secure over https) and redirects to a local
 * path; `/api/preview/exit` turns it off.
 */
export function createPreviewRouter(options: { secret: string | undefined; cookieSecret: string; enabled: boolean }): Router {
  const router = Router();
  router.get('/', (req, res) => {
    if (!options.enabled || !options.secret) throw new HttpError(404, 'Preview is not configured');
    const secret = typeof req.query.secret === 'string' ? req.query.secret : '';
    if (!safeEqual(sign(secret, options.cookieSecret), sign(options.secret, options.cookieSecret))) throw new HttpError(401, 'Wrong preview secret');
    const path = req.query.path === undefined ? '/' : toLocalPath(req.query.path);
    if (!path) throw new HttpError(400, 'path must be a local path starting with /');
    const expires = String(Math.floor(Date.now() / 1000) + MAX_AGE_S);
    res.cookie(PREVIEW_COOKIE, `${expires}.${sign(expires, options.cookieSecret)}`, { httpOnly: true, secure: req.secure, sameSite: 'lax', path: '/', maxAge: MAX_AGE_S * 1000, encode: String });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(307, path);
  });
  router.get('/exit', (req, res) => {
    res.clearCookie(PREVIEW_COOKIE, { httpOnly: true, secure: req.secure, sameSite: 'lax', path: '/' });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(307, toLocalPath(req.query.path) ?? '/');
  });
  return router;
}
