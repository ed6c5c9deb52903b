import { LRUCache } from 'lru-cache';

import { sendError } from '#server/middleware/errors.ts';
import { ContentUnavailableError } from '#server/services/content/errors.ts';

import type { Request, Response } from 'express';

/** Feeds and sitemaps remembered (one per origin, path): about a dozen in practice. */
export const LAST_GOOD_MAX_ENTRIES = 64;
/** Their total size in UTF-16 code units (a large sitemap is a few MB). */
export const LAST_GOOD_MAX_CHARS = 32 * 1024 * 1024;

export interface GeneratedBody {
  key: string;
  type: string;
  cacheControl: string;
  build(): Promise<string>;
}

/**
 * Sends generated documents (feeds, sitemap) that outlive a Contentful
 * outage: each good body is remembered; when building fails because
 * Contentful is unavailable, the last good one is sent instead (uncached
 * downstream, so a CDN does not keep it past the outage), or, if there
 * never was one, 503 with Retry-After. Other errors go to the error handler.
 */
export function createLastGoodSender() {
  const bodies = new LRUCache<string, string>({
    max: LAST_GOOD_MAX_ENTRIES,
    maxSize: LAST_GOOD_MAX_CHARS,
    sizeCalculation: (body) => Math.max(1, body.length),
  });

  return async function send(req: Request, res: Response, doc: GeneratedBody): Promise<void> {
    let body: string;
    try {
      body = await doc.build();
    } catch (error) {
      if (!(error instanceof ContentUnavailableError)) throw error;
      const retryAfterS = error.retryAfterS;
      const last = bodies.get(doc.key);
      if (last === undefined)
        return sendError(req, res, 503, 'This document is temporarily unavailable. Please try again shortly.', { 'Retry-After': String(retryAfterS) });
      req.log.warn({ key: doc.key }, 'serving the last good copy');
      res.type(doc.type).setHeader('Cache-Control', 'no-store');
      res.send(last);
      return;
    }
    bodies.set(doc.key, body);
    res.type(doc.type).setHeader('Cache-Control', doc.cacheControl);
    res.send(body);
  };
}
