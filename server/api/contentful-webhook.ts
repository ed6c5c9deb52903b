import { ExpiredRequestException, verifyRequest } from '@contentful/node-apps-toolkit';
import express, { Router } from 'express';

import { HttpError } from '#shared/http/http-error.ts';
import { LOCALES } from '#shared/content/types.ts';

import type { ContentEvents } from '#server/services/content/content-events.ts';
import type { ContentService } from '#server/services/content/content-service.ts';

const WEBHOOK_TTL_S = 30;
const HANDLED = new Set(['publish', 'unpublish', 'delete', 'archive', 'unarchive']);

interface WebhookBody {
  sys?: { id?: unknown; type?: unknown; contentType?: { sys?: { id?: unknown } } };
}

/**
 * `POST /api/webhooks/contentful`: verifies Contentful's request signature
 * (HMAC-SHA256 over the canonical request, 30 s time-to-live, via
 * @contentful/node-apps-toolkit), then invalidates the changed entry or
 * asset and every entry linking to it, and tells the listeners.
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

    let payload: WebhookBody;
    try {
      payload = JSON.parse(body) as WebhookBody;
    } catch {
      throw new HttpError(400, 'Webhook body is not valid JSON');
    }
    // `ContentManagement.Entry.publish`: topics about other entities (tags, content types…) or other actions are acknowledged, not acted on.
    const topic = req.get('x-contentful-topic') ?? '';
    const [, topicEntity = '', action = ''] = topic.split('.');
    if (!HANDLED.has(action) || !(topicEntity === 'Entry' || topicEntity === 'Asset')) {
      res.status(202).json({ ignored: topic });
      return;
    }
    const id = typeof payload.sys?.id === 'string' ? payload.sys.id : undefined;
    const sysType = typeof payload.sys?.type === 'string' ? payload.sys.type : '';
    const entityType = sysType.includes('Asset') ? 'Asset' : sysType.includes('Entry') ? 'Entry' : undefined;
    if (!id || !entityType) throw new HttpError(400, 'Webhook body has no sys.id and sys.type of an entry or asset');
    const contentType = typeof payload.sys?.contentType?.sys?.id === 'string' ? payload.sys.contentType.sys.id : undefined;
    const linking = entityType === 'Entry' ? await linkingIds(options.content, id) : [];
    const affectedIds = [id, ...linking];
    const keys = options.content.invalidate([...affectedIds, ...(contentType ? [`type:${contentType}`] : [])]);
    req.log.info({ topic, id, entityType, contentType, linking, cacheKeys: keys.length }, 'content invalidated');
    await options.events.emit({ action, entityType, id, ...(contentType ? { contentType } : {}), affectedIds });
    res.status(200).json({ invalidated: affectedIds, cacheKeys: keys.length });
  });
  return router;
}

async function linkingIds(content: ContentService, id: string): Promise<string[]> {
  const refs = await Promise.all(LOCALES.map((locale) => content.getLinkingEntries(id, { locale, preview: true }).catch(() => [])));
  return [...new Set(refs.flat().map((r) => r.id))];
}
