import { readdirSync } from 'node:fs';

import express from 'express';

import { notFound } from '#server/middleware/errors.ts';
import { tryDecode } from '#shared/http/safe-redirect.ts';

import type { RequestHandler } from 'express';

type ServeStaticOptions = Parameters<typeof express.static>[1];

/** For a build output that does not change: only requests under one of its top-level names reach serve-static (a `stat` per page was 15% of a hit's CPU). */
export function staticFiles(dir: string, options: ServeStaticOptions = {}): RequestHandler {
  const names = new Set(readdirSync(dir).filter((name) => !name.startsWith('.')));
  // No directory redirects: the app's only redirects go through toSafeRedirectPath, and with `index: false` the target was a 404.
  const serve = express.static(dir, { ...options, redirect: false });
  return (req, res, next) => {
    const name = tryDecode(req.path.split('/', 2)[1] ?? '');
    if (name !== undefined && names.has(name)) serve(req, res, next);
    else next();
  };
}

/** Decoded as serve-static decodes it: `x.js%2Emap` names the same file. */
export function hideSourceMaps(): RequestHandler {
  const answerNotFound = notFound();
  return (req, res, next) => {
    if (/\.map$/i.test(tryDecode(req.path) ?? req.path)) answerNotFound(req, res, next);
    else next();
  };
}
