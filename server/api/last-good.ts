import { LRUCache } from 'lru-cache';

import { sendError } from '#server/middleware/errors.ts';
import { ContentUnavailableError } from '#server/services/content/errors.ts';

import type { Request, Response } from 'express';

/** Feeds and sitemaps outlive a Contentful outage: the last good body is sent (`no-store`, so no CDN keeps it), else 503. */
export function createLastGoodSender() {
  // One per origin and path (about a dozen in practice); size in UTF-16 code units, a large sitemap is a few MB.
  const bodies = new LRUCache<string, string>({ max: 64, maxSize: 32 * 1024 * 1024, sizeCalculation: (body) => Math.max(1, body.length) });

  return async function send(req: Request, res: Response, doc: { key: string; type: string; cacheControl: string; build(): Promise<string> }): Promise<void> {
    let body: string;
    try {
      body = await doc.build();
    } catch (error) {
      if (!(error instanceof ContentUnavailableError)) throw error;
      const last = bodies.get(doc.key);
      if (last === undefined)
        return sendError(req, res, 503, 'This document is temporarily unavailable. Please try again shortly.', { 'Retry-After': String(error.retryAfterS) });
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
