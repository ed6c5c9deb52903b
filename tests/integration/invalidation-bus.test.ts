import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLogger } from '#server/logger.ts';
import { loadConfig } from '#server/config.ts';
import { createInvalidationBus, isFromAnotherInstance, originOnly } from '#server/services/coherence/invalidation-bus.ts';
import { createContentEvents } from '#server/services/content/content-events.ts';
import { createLogCapture } from '../fakes/test-app.ts';
import { findRedisBinary, startRedis } from './support/redis-server.ts';

import type { Invalidation, InvalidationBus } from '#server/services/coherence/invalidation-bus.ts';
import type { ContentChange } from '#server/services/content/content-events.ts';
import type { LogLine } from '../fakes/test-app.ts';
import type { TestRedis } from './support/redis-server.ts';

const bin = findRedisBinary();
const CHANNEL = 'vitrine:invalidate:test';
const change: ContentChange = { action: 'publish', entityType: 'Entry', id: 'article-1', contentType: 'article', affectedIds: ['article-1', 'home'] };

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.skipIf(!bin)('the invalidation bus on a real Redis', () => {
  let redis: TestRedis;
  let raw: Redis;
  const logs: LogLine[] = [];
  const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }, '1'), createLogCapture(logs));
  const applied: Array<{ bus: string; invalidation: Invalidation }> = [];
  const buses: InvalidationBus[] = [];
  const open = (name: string) => {
    const bus = createInvalidationBus({
      url: redis.url,
      channel: CHANNEL,
      logger,
      resync: () => {},
      apply: async (invalidation) => void applied.push({ bus: name, invalidation }),
    });
    buses.push(bus);
    return bus;
  };
  let a: InvalidationBus;
  /** Each subscriber reads the channel in order: once all three applied the sentinel, every earlier message had its chance. */
  const publishSentinel = async () => {
    const sentinel = { ...change, id: 'sentinel' };
    await raw.publish(
      CHANNEL,
      JSON.stringify({ v: 1, id: crypto.randomUUID(), origin: crypto.randomUUID(), invalidation: { kind: 'change', change: sentinel } }),
    );
    await until(() => applied.filter((entry) => entry.invalidation.kind === 'change' && entry.invalidation.change.id === 'sentinel').length >= 3);
  };

  beforeAll(async () => {
    redis = await startRedis(bin as string);
    raw = new Redis(redis.url);
    a = open('a');
    open('b');
    open('c');
    await until(() => buses.every((bus) => bus.status().detail === 'subscribed'));
  });

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    raw?.disconnect();
    await redis?.stop();
  });

  it('applies a published change once on every other instance and never again on the sender', async () => {
    applied.length = 0;

    await a.publish({ kind: 'change', change });
    await a.publish({ kind: 'model' });
    await publishSentinel();
    const seen = applied.filter((entry) => entry.invalidation.kind === 'model' || entry.invalidation.change.id !== 'sentinel');

    expect(seen.map((entry) => entry.bus).sort()).toEqual(['b', 'b', 'c', 'c']);
    expect(seen[0]?.invalidation).toEqual({ kind: 'change', change });
  });

  it('applies a message delivered twice only once', async () => {
    applied.length = 0;
    const message = JSON.stringify({ v: 1, id: crypto.randomUUID(), origin: crypto.randomUUID(), invalidation: { kind: 'model' } });

    await raw.publish(CHANNEL, message);
    await raw.publish(CHANNEL, message);
    await publishSentinel();

    expect(
      applied
        .filter((entry) => entry.invalidation.kind === 'model')
        .map((entry) => entry.bus)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
  });

  it('ignores malformed and hostile messages with a warning', async () => {
    applied.length = 0;
    logs.length = 0;
    const origin = crypto.randomUUID();
    const hostile = { ...change, affectedIds: ['ok', '../../etc passwd'] };

    await raw.publish(CHANNEL, 'not json');
    await raw.publish(CHANNEL, JSON.stringify({ v: 1, id: crypto.randomUUID(), origin, invalidation: { kind: 'change', change: hostile } }));
    await raw.publish(CHANNEL, JSON.stringify({ v: 1, id: crypto.randomUUID(), origin, invalidation: { kind: 'model' } }));
    await until(() => applied.length >= 3);

    expect(applied.map((entry) => entry.invalidation.kind)).toEqual(['model', 'model', 'model']);
    expect(logs.filter((line) => line.msg === 'invalidation message is malformed; ignored')).toHaveLength(6);
  });

  it('marks replicated changes so listeners that write to shared systems (Algolia, a CDN) skip them', async () => {
    const events = createContentEvents(logger);
    const everywhere: string[] = [];
    const onceOnly: string[] = [];
    events.subscribe((c) => void everywhere.push(c.id));
    originOnly(events).subscribe((c) => void onceOnly.push(c.id));
    applied.length = 0;

    await events.emit(change);
    await a.publish({ kind: 'change', change });
    await until(() => applied.length >= 2);
    const replicated = applied[0]?.invalidation;
    if (replicated?.kind !== 'change') throw new Error('expected a change');
    await events.emit(replicated.change);

    expect(isFromAnotherInstance(replicated.change)).toBe(true);
    expect(isFromAnotherInstance(change)).toBe(false);
    expect(everywhere).toEqual(['article-1', 'article-1']);
    expect(onceOnly).toEqual(['article-1']);
  });
});
