import { readdirSync } from 'node:fs';

import express from 'express';

import { notFound } from '#server/middleware/errors.ts';
import { tryDecode } from '#shared/http/safe-redirect.ts';

import type { RequestHandler } from 'express';

type ServeStaticOptions = Parameters<typeof express.static>[1];

/**
 * `express.static(dir)` for a build output that does not change while the process runs: only requests under one of its
 * top-level names reach serve-static (a `stat` per page request was 15% of the CPU on a page-cache hit). Dotfiles stay hidden.
 */
export function staticFiles(dir: string, options: ServeStaticOptions = {}): RequestHandler {
  const names = new Set(readdirSync(dir).filter((name) => !name.startsWith('.')));
  // No directory redirects (`/decoders` → `/decoders/`): the app's only redirects go through
  // toSafeRedirectPath, and with `index: false` the target was a 404 anyway.
  const serve = express.static(dir, { ...options, redirect: false });
  return (req, res, next) => {
    const name = tryDecode(req.path.split('/', 2)[1] ?? '');
    if (name !== undefined && names.has(name)) serve(req, res, next);
    else next();
  };
}

/** 404 for every `*.map` path (SOURCE_MAPS_PUBLIC=false), decoded as serve-static decodes it: `x.js%2Emap` names the same file. */
export function hideSourceMaps(): RequestHandler {
  const answerNotFound = notFound();
  return (req, res, next) => {
    if (/\.map$/i.test(tryDecode(req.path) ?? req.path)) answerNotFound(req, res, next);
    else next();
  };
}
