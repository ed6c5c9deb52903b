import { setTimeout as delay } from 'node:timers/promises';

import express, { Router } from 'express';

import { HttpError } from '#shared/http/http-error.ts';

import type { Replica, SyncTarget } from '#server/services/content/replica.ts';

const WEBHOOK_TTL_S = 30;
/** Contentful gives up after 30 s; the sync goes on after the answer. */
const WEBHOOK_ANSWER_MS = 10_000;

/** The verification toolkit pulls in `got` (~4 MB of heap): loaded with the first delivery, not at start (ADR 055). */
let toolkit: Promise<typeof import('@contentful/node-apps-toolkit')> | undefined;
const loadToolkit = () => (toolkit ??= import('@contentful/node-apps-toolkit'));
/** Network delay only makes stamps older; 5 s ahead absorbs a badly synced clock without widening the replay window much. */
const MAX_FUTURE_SKEW_MS = 5_000;

const TIMESTAMP_REFUSALS = {
  expired: 'Webhook request expired',
  future: 'Webhook timestamp is in the future',
  malformed: 'Webhook timestamp is not a Unix time in milliseconds',
} as const;

/** Why a stamp is refused, if it is: the toolkit only checks age, so it would accept a stamp from tomorrow. */
export function checkTimestamp(raw: string, now: number, window: { ttlMs: number; maxFutureSkewMs: number }): keyof typeof TIMESTAMP_REFUSALS | undefined {
  // The toolkit parses with parseInt; insist on plain digits so both read the same number.
  if (!/^\d{13}$/.test(raw.trim())) return 'malformed';
  const stamp = Number(raw.trim());
  if (stamp - now > window.maxFutureSkewMs) return 'future';
  if (now - stamp >= window.ttlMs) return 'expired';
  return undefined;
}

/** Signatures seen within their validity window, per process (ADR 011); when full, the caller refuses rather than forgets one. */
export function createReplayGuard(options: { maxEntries: number }) {
  const seen = new Map<string, number>();
  return {
    claim(signature: string, expiresAt: number, now = Date.now()): 'fresh' | 'replay' | 'full' {
      const known = seen.get(signature);
      if (known !== undefined && known > now) return 'replay';
      if (seen.size >= options.maxEntries) for (const [key, expiry] of seen) if (expiry <= now) seen.delete(key);
      if (seen.size >= options.maxEntries) return 'full';
      seen.set(signature, expiresAt);
      return 'fresh';
    },
    get size() {
      return seen.size;
    },
  };
}

/** The changed entity in its CMA shape. */
interface WebhookBody {
  sys?: { id?: unknown; type?: unknown; revision?: unknown; publishedCounter?: unknown };
}

const ENTITY_ACTIONS = new Set(['publish', 'unpublish', 'delete', 'archive', 'unarchive']);
/** Tags are never published: a saved tag is live in the CDA at once. */
const TAG_ACTIONS = new Set(['create', 'save', 'delete']);
const TAXONOMY_ACTIONS = new Set(['create', 'save', 'delete', 'publish', 'unpublish']);

/** What can make a space match Vitrine's content model, or stop matching it (ADR 038). */
const MODEL_TOPIC = /^ContentManagement\.(?:ContentType\.(?:publish|unpublish|delete)|Locale\.(?:create|save|delete))$/;

/** An id goes into CDA queries and cache markers: Contentful's alphabet only. */
const CONTENTFUL_ID = /^[A-Za-z0-9._-]{1,64}$/;

const NAMES = { Tag: 'a tag', TaxonomyConcept: 'a taxonomy concept', TaxonomyConceptScheme: 'a concept scheme' } as const;

/** A webhook is a reason to sync, not a change to apply (ADR 061). Undefined: a topic not acted on. */
function toSyncRequest(topic: string, payload: WebhookBody): SyncTarget | 'model' | undefined {
  const [, entity = '', action = ''] = topic.split('.');
  if ((entity === 'Entry' || entity === 'Asset') && ENTITY_ACTIONS.has(action)) {
    const id = payload.sys?.id;
    // `Entry`, `DeletedEntry`, `Asset`, `DeletedAsset`.
    const sysType = typeof payload.sys?.type === 'string' ? payload.sys.type : '';
    if (typeof id !== 'string' || !CONTENTFUL_ID.test(id) || !sysType.includes(entity))
      throw new HttpError(400, `Webhook body has no sys.id and sys.type of ${entity === 'Entry' ? 'an entry' : 'an asset'}`);
    // The CDA's `revision` is the CMA's `publishedCounter`: a payload may carry either.
    const revision = payload.sys?.revision ?? payload.sys?.publishedCounter;
    // Unarchive makes a draft.
    if (action !== 'publish') return { kind: entity, id, gone: true };
    return { kind: entity, id, ...(Number.isSafeInteger(revision) ? { revision: revision as number } : {}) };
  }
  if (entity === 'Tag' ? TAG_ACTIONS.has(action) : (entity === 'TaxonomyConcept' || entity === 'TaxonomyConceptScheme') && TAXONOMY_ACTIONS.has(action)) {
    const id = payload.sys?.id;
    if (typeof id !== 'string' || !CONTENTFUL_ID.test(id)) throw new HttpError(400, `Webhook body has no sys.id of ${NAMES[entity as keyof typeof NAMES]}`);
    return 'model';
  }
  return MODEL_TOPIC.test(topic) ? 'model' : undefined;
}

export function createContentfulWebhookRouter(options: {
  secret: string | undefined;
  maxBodyBytes: number;
  /** Checks the content model again (ADR 038). */
  onModelChange: () => Promise<{ state: string }>;
  /** Or embedded mode's stand-in (ADR 061); `syncOthers` makes every other instance sync too. */
  sync: Pick<Replica, 'catchUp' | 'syncModel'>;
  syncOthers?: ((target: SyncTarget | 'model') => void) | undefined;
}): Router {
  const router = Router();
  // Contentful sends far fewer in 35 s, and an attacker cannot sign.
  const replays = createReplayGuard({ maxEntries: 10_000 });
  router.post('/', express.raw({ type: () => true, limit: options.maxBodyBytes }), async (req, res) => {
    if (!options.secret) throw new HttpError(404, 'The Contentful webhook is not configured (CONTENTFUL_WEBHOOK_SECRET)');
    const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    const stampHeader = headers['x-contentful-timestamp'];
    if (!headers['x-contentful-signature'] || !stampHeader || !headers['x-contentful-signed-headers'])
      throw new HttpError(401, 'Missing Contentful signature headers');
    const refused = checkTimestamp(stampHeader, Date.now(), { ttlMs: WEBHOOK_TTL_S * 1000, maxFutureSkewMs: MAX_FUTURE_SKEW_MS });
    if (refused) throw new HttpError(401, TIMESTAMP_REFUSALS[refused]);
    const { ExpiredRequestException, verifyRequest } = await loadToolkit();
    let valid: boolean;
    try {
      valid = verifyRequest(options.secret, { method: 'POST', path: req.originalUrl, headers, body }, WEBHOOK_TTL_S);
    } catch (error) {
      if (error instanceof ExpiredRequestException) throw new HttpError(401, 'Webhook request expired');
      throw new HttpError(401, 'Webhook signature could not be verified', { cause: error });
    }
    if (!valid) throw new HttpError(401, 'Webhook signature does not match');

    // Only once it is known to be Contentful's: forgeries must not fill the memory.
    const claim = replays.claim(headers['x-contentful-signature'].trim(), Number(stampHeader.trim()) + WEBHOOK_TTL_S * 1000);
    if (claim === 'replay') throw new HttpError(409, 'Webhook request was already delivered (replayed signature)');
    if (claim === 'full') throw new HttpError(503, 'Too many webhook deliveries at once; retry later', { headers: { 'Retry-After': String(WEBHOOK_TTL_S) } });
    // A delivery that fails on our side stays claimed: Contentful signs each retry afresh, only a copy reuses a signature.

    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      throw new HttpError(400, 'Webhook body is not valid JSON');
    }
    if (!payload || typeof payload !== 'object') throw new HttpError(400, 'Webhook body is not a JSON object');
    const topic = req.get('x-contentful-topic') ?? '';
    const request = toSyncRequest(topic, payload);
    if (!request) return void res.status(202).json({ ignored: topic });
    options.syncOthers?.(request);
    if (request === 'model') {
      await options.sync.syncModel();
      if (!MODEL_TOPIC.test(topic)) return void res.status(200).json({ synced: 'model' });
      const { state } = await options.onModelChange();
      req.log.info({ topic, state }, 'content model checked again');
      return void res.status(200).json({ checked: 'content model', state });
    }
    // The Sync API may lag the webhook by seconds.
    const reached = await Promise.race([options.sync.catchUp(request), delay(WEBHOOK_ANSWER_MS, undefined, { ref: false })]);
    req.log.info({ topic, ...request, reached: reached === true }, 'content synced');
    res.status(reached === true ? 200 : 202).json(reached === true ? { synced: request } : { syncing: request });
  });
  return router;
}
