import { ExpiredRequestException, verifyRequest } from '@contentful/node-apps-toolkit';
import express, { Router } from 'express';

import { toContentChange } from '#server/api/contentful-topics.ts';
import { checkTimestamp, createReplayGuard } from '#server/api/webhook-replay.ts';
import { dependenciesOf } from '#server/services/content/content-events.ts';
import { HttpError } from '#shared/http/http-error.ts';

import type { WebhookBody } from '#server/api/contentful-topics.ts';
import type { ContentEvents } from '#server/services/content/content-events.ts';
import type { ContentService } from '#server/services/content/content-service.ts';
import type { Request, Response } from 'express';

const WEBHOOK_TTL_S = 30;
/**
 * How far ahead of our clock a timestamp may be. Contentful stamps a request
 * when it sends it, so network delay only makes stamps older; what remains is
 * clock drift between two NTP-synced hosts (milliseconds, rarely a second).
 * 5 s absorbs a badly synced host without widening the replay window much.
 */
const MAX_FUTURE_SKEW_MS = 5_000;
/** Signatures remembered at once; Contentful sends far fewer in 35 s, and an attacker cannot sign. */
const MAX_REMEMBERED_SIGNATURES = 10_000;

interface WebhookOptions {
  secret: string | undefined;
  content: ContentService;
  events: ContentEvents;
  maxBodyBytes: number;
}

const TIMESTAMP_REFUSALS = {
  expired: 'Webhook request expired',
  future: 'Webhook timestamp is in the future',
  malformed: 'Webhook timestamp is not a Unix time in milliseconds',
} as const;

/**
 * `POST /api/webhooks/contentful`: verifies Contentful's request signature
 * (HMAC-SHA256 over the canonical request, 30 s time-to-live, via
 * @contentful/node-apps-toolkit; at most 5 s in the future), accepts each
 * signed request once (409 for a replay), then invalidates what the change makes
 * stale (server/api/contentful-topics.ts): a changed entry or asset and
 * every entry linking to it; everything that read a changed tag or the
 * taxonomy. Then it tells the listeners (page cache, search).
 */
export function createContentfulWebhookRouter(options: WebhookOptions): Router {
  const router = Router();
  const replays = createReplayGuard({ maxEntries: MAX_REMEMBERED_SIGNATURES });
  router.post('/', express.raw({ type: () => true, limit: options.maxBodyBytes }), async (req, res) => {
    if (!options.secret) throw new HttpError(404, 'The Contentful webhook is not configured (CONTENTFUL_WEBHOOK_SECRET)');
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    if (!headers['x-contentful-signature'] || !headers['x-contentful-timestamp'] || !headers['x-contentful-signed-headers']) {
      throw new HttpError(401, 'Missing Contentful signature headers');
    }
    const stamp = checkTimestamp(headers['x-contentful-timestamp'], Date.now(), { ttlMs: WEBHOOK_TTL_S * 1000, maxFutureSkewMs: MAX_FUTURE_SKEW_MS });
    if (!stamp.ok) throw new HttpError(401, TIMESTAMP_REFUSALS[stamp.reason]);
    let valid: boolean;
    try {
      valid = verifyRequest(options.secret, { method: 'POST', path: req.originalUrl, headers, body }, WEBHOOK_TTL_S);
    } catch (error) {
      if (error instanceof ExpiredRequestException) throw new HttpError(401, 'Webhook request expired');
      throw new HttpError(401, 'Webhook signature could not be verified', { cause: error });
    }
    if (!valid) throw new HttpError(401, 'Webhook signature does not match');

    // Only now, once it is known to be Contentful's: forgeries must not fill the memory.
    const signature = headers['x-contentful-signature'].trim();
    const claim = replays.claim(signature, Number(headers['x-contentful-timestamp'].trim()) + WEBHOOK_TTL_S * 1000);
    if (claim === 'replay') throw new HttpError(409, 'Webhook request was already delivered (replayed signature)');
    if (claim === 'full') throw new HttpError(503, 'Too many webhook deliveries at once; retry later', { headers: { 'Retry-After': String(WEBHOOK_TTL_S) } });
    // A delivery that fails on our side stays claimed: Contentful signs each retry afresh, only a copy reuses a signature.
    await handleChange(req, res, body, options);
  });
  return router;
}

async function handleChange(req: Request, res: Response, body: string, options: WebhookOptions): Promise<void> {
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
}
