import { ExpiredRequestException, verifyRequest } from '@contentful/node-apps-toolkit';
import express, { Router } from 'express';

import { toContentChange } from '#server/api/contentful-topics.ts';
import { dependenciesOf } from '#server/services/content/content-events.ts';
import { HttpError } from '#shared/http/http-error.ts';

import type { WebhookBody } from '#server/api/contentful-topics.ts';
import type { ContentEvents } from '#server/services/content/content-events.ts';
import type { ContentService } from '#server/services/content/content-service.ts';

const WEBHOOK_TTL_S = 30;

/**
 * `POST /api/webhooks/contentful`: verifies Contentful's request signature
 * (HMAC-SHA256 over the canonical request, 30 s time-to-live, via
 * @contentful/node-apps-toolkit), then invalidates what the change makes
 * stale (server/api/contentful-topics.ts): a changed entry or asset and
 * every entry linking to it; everything that read a changed tag or the
 * taxonomy. Then it tells the listeners (page cache, search).
 */
export function createContentfulWebhookRouter(options: { secret: string | undefined; content: ContentService; events: ContentEvents; maxBodyBytes: number }): Router {
  const router = Router();
  router.post('/', express.raw({ type: () => true, limit: options.maxBodyBytes }), async (req, res) => {
    if (!options.secret) throw new HttpError(404, 'The Contentful webhook is not configured (CONTENTFUL_WEBHOOK_SECRET)');
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    if (!headers['x-contentful-signature'] || !headers['x-contentful-timestamp'] || !headers['x-contentful-signed-headers']) {
      throw new HttpError(401, 'Missing Contentful signature headers');
    }
    let valid: boolean;
    try {
      valid = verifyRequest(options.secret, { method: 'POST', path: req.originalUrl, headers, body }, WEBHOOK_TTL_S);
    } catch (error) {
      if (error instanceof ExpiredRequestException) throw new HttpError(401, 'Webhook request expired');
      throw new HttpError(401, 'Webhook signature could not be verified', { cause: error });
    }
    if (!valid) throw new HttpError(401, 'Webhook signature does not match');

    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      throw new HttpError(400, 'Webhook body is not valid JSON');
    }
    if (!payload || typeof payload !== 'object') throw new HttpError(400, 'Webhook body is not a JSON object');
    const topic = req.get('x-contentful-topic') ?? '';
    const change = await toContentChange(topic, payload as WebhookBody, options.content);
    if (!change) {
      res.status(202).json({ ignored: topic });
      return;
    }
    const keys = options.content.invalidate(dependenciesOf(change));
    const { id, entityType, affectedIds } = change;
    if ('markers' in change) {
      req.log.info({ topic, id, entityType, markers: change.markers, affectedIds, cacheKeys: keys.length }, 'content invalidated');
    } else {
      req.log.info({ topic, id, entityType, contentType: change.contentType, linking: affectedIds.slice(1), cacheKeys: keys.length }, 'content invalidated');
    }
    await options.events.emit(change);
    const invalidated = 'markers' in change ? { invalidated: change.markers, affectedIds } : { invalidated: affectedIds };
    res.status(200).json({ ...invalidated, cacheKeys: keys.length });
  });
  return router;
}
