import { randomUUID } from 'node:crypto';

import { LRUCache } from 'lru-cache';
import { z } from 'zod';

import { dependenciesOf } from '#server/services/content/content-events.ts';
import { connectRedis } from './redis.ts';

import type { ContentChange, ContentEvents } from '#server/services/content/content-events.ts';
import type { ContentService } from '#server/services/content/content-service.ts';
import type { SyncTarget } from '#server/services/content/replica.ts';
import type { Logger } from 'pino';

/** What one instance tells the others: a content change to apply, or "the content model may have changed: check it again". */
export type Invalidation = { kind: 'change'; change: ContentChange } | { kind: 'model' } | { kind: 'sync'; target: SyncTarget };

/** Entry, asset and tag ids and the cache markers built from them (`type:article`, `tag:x`, `taxonomy`). */
const id = z.string().regex(/^[\w.:-]{1,256}$/);
const base = { action: z.string().max(32), id, affectedIds: z.array(id).max(10_000) };
const changeSchema = z.union([
  z.object({ ...base, entityType: z.enum(['Entry', 'Asset']), contentType: id.optional() }),
  z.object({ ...base, entityType: z.enum(['Tag', 'TaxonomyConcept', 'TaxonomyConceptScheme']), markers: z.array(id).max(1_000) }),
]);
const messageSchema = z.object({
  v: z.literal(1),
  id: z.uuid(),
  origin: z.uuid(),
  invalidation: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('change'), change: changeSchema }),
    z.object({ kind: z.literal('model') }),
    // With a replica each instance syncs itself (ADR 061): the message names what was published.
    z.object({
      kind: z.literal('sync'),
      target: z.object({ kind: z.enum(['Entry', 'Asset']), id, revision: z.number().int().optional(), gone: z.boolean().optional() }),
    }),
  ]),
});

/** Larger messages are neither sent nor read: 10,000 ids fit with room to spare. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** Changes another instance sent: applied to this one's caches, but not repeated to shared systems (Algolia, a CDN), which the sender updates. */
const replicated = new WeakSet<ContentChange>();
export const isFromAnotherInstance = (change: ContentChange): boolean => replicated.has(change);

/** The content events minus the replicated changes: for listeners that write to a system every instance shares. */
export function originOnly(events: ContentEvents): ContentEvents {
  return { ...events, subscribe: (listener) => events.subscribe((change) => (isFromAnotherInstance(change) ? undefined : listener(change))) };
}

/** The local half of a webhook: drop the cached content the change makes stale, then tell the listeners (pages, search, model checks). */
export async function applyContentChange(content: Pick<ContentService, 'invalidate'>, events: ContentEvents, change: ContentChange): Promise<void> {
  content.invalidate(dependenciesOf(change));
  await events.emit(change);
}

export interface InvalidationBusOptions {
  url: string;
  /** One channel per Contentful space and environment: sites on the same content share invalidations, others never see them. */
  channel: string;
  logger: Logger;
  /** Applies another instance's invalidation here, through the path the webhook takes locally. */
  apply: (invalidation: Invalidation) => Promise<void>;
  /** Messages may have been missed while the subscription was down: drop what could be stale. */
  resync: () => void;
}

/**
 * Redis pub/sub between instances and cluster workers (ADR 053). The receiving instance applies a webhook itself, then publishes it;
 * every subscriber applies it once (message ids are remembered), the sender skips its own. Pub/sub keeps nothing for a subscriber
 * that is away, so a reconnect after an outage calls `resync`.
 */
export function createInvalidationBus(options: InvalidationBusOptions) {
  const log = options.logger.child({ module: 'invalidation-bus' });
  const origin = randomUUID();
  const seen = new LRUCache<string, true>({ max: 10_000 });
  const pub = connectRedis(options.url, 'publish', options.logger);
  const sub = connectRedis(options.url, 'subscribe', options.logger);
  let subscribed = false;
  let lostSubscription = false;
  let lastError: string | undefined;

  sub.client.on('ready', () => {
    sub.client.subscribe(options.channel).then(
      () => {
        subscribed = true;
        if (!lostSubscription) return;
        lostSubscription = false;
        log.warn(
          { channel: options.channel },
          'invalidation bus resubscribed; resyncing cached pages, content and search, which may have missed an invalidation',
        );
        options.resync();
      },
      (err: unknown) => log.warn({ err }, 'invalidation bus could not subscribe; retrying on the next connection'),
    );
  });
  sub.client.on('close', () => {
    if (subscribed) lostSubscription = true;
    subscribed = false;
  });
  sub.client.on('message', (channel: string, text: string) => {
    if (channel === options.channel) void receive(text);
  });

  async function receive(text: string): Promise<void> {
    if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) return void log.warn({ bytes: Buffer.byteLength(text) }, 'invalidation message too large; ignored');
    let message: z.infer<typeof messageSchema>;
    try {
      message = messageSchema.parse(JSON.parse(text));
    } catch (err) {
      return void log.warn({ err: err instanceof z.ZodError ? z.prettifyError(err) : err }, 'invalidation message is malformed; ignored');
    }
    if (message.origin === origin || seen.has(message.id)) return;
    seen.set(message.id, true);
    const { invalidation } = message;
    if (invalidation.kind === 'change') replicated.add(invalidation.change);
    const started = Date.now();
    try {
      await options.apply(invalidation);
      const detail = invalidation.kind === 'change' ? { id: invalidation.change.id, affectedIds: invalidation.change.affectedIds.length } : {};
      log.info({ kind: invalidation.kind, ...detail, from: message.origin, ms: Date.now() - started }, 'applied an invalidation from another instance');
    } catch (err) {
      log.error({ err, kind: invalidation.kind }, 'applying an invalidation from another instance failed');
    }
  }

  return {
    /** Tells every other instance; this one has applied it already. Never throws: an instance that misses it is stale until the cache TTL. */
    async publish(invalidation: Invalidation): Promise<void> {
      const text = JSON.stringify({ v: 1, id: randomUUID(), origin, invalidation });
      if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) return void log.warn({ bytes: Buffer.byteLength(text) }, 'invalidation too large to publish');
      try {
        await pub.client.publish(options.channel, text);
        lastError = undefined;
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
        log.warn({ err, kind: invalidation.kind }, 'invalidation not published; other instances stay stale until the cache TTL');
      }
    },
    /** For /readyz: degraded, never "not ready" (pages are still right on this instance; see ADR 053). */
    status() {
      const connected = sub.state() === 'ready' && subscribed && pub.state() === 'ready';
      const message = lastError ?? `Redis is ${sub.state() === 'ready' ? pub.state() : sub.state()}; webhooks reach only the instance they arrive at`;
      return {
        mode: 'redis',
        ready: true,
        detail: connected ? 'subscribed' : 'reconnecting',
        ...(connected ? {} : { warnings: [{ path: 'invalidation-bus', message }] }),
      };
    },
    close: async (): Promise<void> => {
      await Promise.all([sub.close(), pub.close()]);
    },
  };
}

export type InvalidationBus = ReturnType<typeof createInvalidationBus>;
