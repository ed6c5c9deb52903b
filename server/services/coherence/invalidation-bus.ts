import { randomUUID } from 'node:crypto';

import { LRUCache } from 'lru-cache';
import { z } from 'zod';

import { connectRedis } from './redis.ts';

import type { SyncTarget } from '#server/services/content/replica.ts';
import type { Logger } from 'pino';

export type Invalidation = { kind: 'model' } | { kind: 'sync'; target: SyncTarget };

/** Contentful's id alphabet. */
const id = z.string().regex(/^[\w.-]{1,64}$/);
const messageSchema = z.object({
  v: z.literal(1),
  id: z.uuid(),
  origin: z.uuid(),
  invalidation: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('model') }),
    z.object({
      kind: z.literal('sync'),
      target: z.object({ kind: z.enum(['Entry', 'Asset']), id, revision: z.number().int().optional(), gone: z.boolean().optional() }),
    }),
  ]),
});

/** Larger messages are neither sent nor read. */
const MAX_MESSAGE_BYTES = 64 * 1024;

export interface InvalidationBusOptions {
  url: string;
  /** One channel per Contentful space and environment: sites on the same content share invalidations, others never see them. */
  channel: string;
  logger: Logger;
  apply: (invalidation: Invalidation) => Promise<void>;
  /** Messages may have been missed while the subscription was down. */
  resync: () => void;
}

/** ADR 053. Pub/sub keeps nothing for a subscriber that is away, so a reconnect after an outage calls `resync`. */
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
    const started = Date.now();
    try {
      await options.apply(invalidation);
      log.info({ ...invalidation, from: message.origin, ms: Date.now() - started }, 'applied an invalidation from another instance');
    } catch (err) {
      log.error({ err, kind: invalidation.kind }, 'applying an invalidation from another instance failed');
    }
  }

  return {
    /** Never throws: an instance that misses it is stale until the cache TTL. */
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
