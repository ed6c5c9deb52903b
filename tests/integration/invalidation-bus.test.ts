import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createLogger } from '#server/logger.ts';
import { loadConfig } from '#server/config.ts';
import { createCoherence } from '#server/services/coherence/coherence.ts';
import { createInvalidationBus } from '#server/services/coherence/invalidation-bus.ts';
import { createLogCapture } from '../fakes/test-app.ts';
import { findRedisBinary, startRedis } from './support/redis-server.ts';

import type { Invalidation, InvalidationBus } from '#server/services/coherence/invalidation-bus.ts';
import type { Coherence } from '#server/services/coherence/coherence.ts';
import type { SyncTarget } from '#server/services/content/replica.ts';
import type { LogLine } from '../fakes/test-app.ts';
import type { TestRedis } from './support/redis-server.ts';

const bin = findRedisBinary();
const CHANNEL = 'vitrine:invalidate:test';
const target: SyncTarget = { kind: 'Entry', id: 'article-1', revision: 7 };

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
  const isSentinel = ({ invalidation }: { invalidation: Invalidation }) => invalidation.kind === 'sync' && invalidation.target.id === 'sentinel';
  const publishSentinel = async () => {
    const sentinel = { kind: 'sync', target: { kind: 'Entry', id: 'sentinel' } };
    await raw.publish(CHANNEL, JSON.stringify({ v: 1, id: crypto.randomUUID(), origin: crypto.randomUUID(), invalidation: sentinel }));
    await until(() => applied.filter(isSentinel).length >= 3);
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

  it('applies a published invalidation once on every other instance and never again on the sender', async () => {
    applied.length = 0;

    await a.publish({ kind: 'sync', target });
    await a.publish({ kind: 'model' });
    await publishSentinel();
    const seen = applied.filter((entry) => !isSentinel(entry));

    expect(seen.map((entry) => entry.bus).sort()).toEqual(['b', 'b', 'c', 'c']);
    expect(seen[0]?.invalidation).toEqual({ kind: 'sync', target });
  });

  it("carries a webhook's sync target (ADR 061) to every other instance, as sent", async () => {
    applied.length = 0;

    await a.publish({ kind: 'sync', target });
    await a.publish({ kind: 'sync', target: { kind: 'Asset', id: 'asset-1', gone: true } });
    await publishSentinel();
    const synced = applied.filter((entry) => entry.invalidation.kind === 'sync' && !isSentinel(entry));

    expect(synced.map((entry) => entry.bus).sort()).toEqual(['b', 'b', 'c', 'c']);
    expect(synced.filter((entry) => entry.bus === 'b').map((entry) => entry.invalidation)).toEqual([
      { kind: 'sync', target },
      { kind: 'sync', target: { kind: 'Asset', id: 'asset-1', gone: true } },
    ]);
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
    // A kind no instance sends (content changes went with ADR 061: each instance syncs what a webhook names).
    const change = { kind: 'change', change: { action: 'publish', entityType: 'Entry', id: 'article-1', affectedIds: ['ok', '../../etc passwd'] } };

    await raw.publish(CHANNEL, 'not json');
    await raw.publish(CHANNEL, JSON.stringify({ v: 1, id: crypto.randomUUID(), origin, invalidation: change }));
    // A sync of something that is not an entry or asset, or of an id outside Contentful's alphabet.
    await raw.publish(
      CHANNEL,
      JSON.stringify({ v: 1, id: crypto.randomUUID(), origin, invalidation: { kind: 'sync', target: { kind: 'ContentType', id: 'article' } } }),
    );
    await raw.publish(
      CHANNEL,
      JSON.stringify({ v: 1, id: crypto.randomUUID(), origin, invalidation: { kind: 'sync', target: { kind: 'Entry', id: '../x y' } } }),
    );
    await raw.publish(CHANNEL, JSON.stringify({ v: 1, id: crypto.randomUUID(), origin, invalidation: { kind: 'model' } }));
    await until(() => applied.length >= 3);

    expect(applied.map((entry) => entry.invalidation.kind)).toEqual(['model', 'model', 'model']);
    expect(logs.filter((line) => line.msg === 'invalidation message is malformed; ignored')).toHaveLength(12);
  });

  it("makes every other instance catch its own replica up to a webhook's target, and re-read the model for 'model'", async () => {
    const instances: Array<{ coherence: Coherence; catchUp: ReturnType<typeof vi.fn>; recheckModel: ReturnType<typeof vi.fn> }> = [];
    for (let n = 0; n < 3; n++) {
      const catchUp = vi.fn(async (_target: SyncTarget) => true);
      const recheckModel = vi.fn(async () => undefined);
      const coherence = createCoherence({ url: redis.url, channel: `${CHANNEL}:replica`, logger, recheckModel, resync: () => {}, replica: { catchUp } });
      instances.push({ coherence, catchUp, recheckModel });
    }
    try {
      await until(() => instances.every(({ coherence }) => coherence.status().detail === 'subscribed'));
      const [sender, ...others] = instances as [(typeof instances)[number], ...typeof instances];
      sender.coherence.syncOthers(target);
      sender.coherence.syncOthers('model');
      await until(() => others.every(({ catchUp, recheckModel }) => catchUp.mock.calls.length > 0 && recheckModel.mock.calls.length > 0));

      for (const other of others) {
        expect(other.catchUp.mock.calls).toEqual([[target]]);
        expect(other.recheckModel).toHaveBeenCalledTimes(1);
      }
      expect(sender.catchUp).not.toHaveBeenCalled();
      expect(sender.recheckModel).not.toHaveBeenCalled();
    } finally {
      await Promise.all(instances.map(({ coherence }) => coherence.close()));
    }
  });
});
