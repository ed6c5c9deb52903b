import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { rateLimit } from '#server/middleware/rate-limit.ts';
import { createSharedRateLimitStore } from '#server/middleware/rate-limit-store.ts';
import { connectRedis } from '#server/services/coherence/redis.ts';
import { createLogCapture } from '../fakes/test-app.ts';
import { findRedisBinary, startRedis } from './support/redis-server.ts';

import type { RedisConnection } from '#server/services/coherence/redis.ts';
import type { LogLine } from '../fakes/test-app.ts';
import type { TestRedis } from './support/redis-server.ts';

const bin = findRedisBinary();

describe.skipIf(!bin)('rate limits shared through Redis', () => {
  let redis: TestRedis;
  const logs: LogLine[] = [];
  const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }, '1'), createLogCapture(logs));
  const connections: RedisConnection[] = [];

  /** One "instance": its own Redis connection and limiter, as a second process would have. */
  const instance = async (url: string, name = 'test') => {
    const connection = connectRedis(url, 'rate-limit', logger);
    connections.push(connection);
    const deadline = Date.now() + 5_000;
    while (connection.state() === 'connecting' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const app = express();
    app.set('trust proxy', 1);
    const store = createSharedRateLimitStore(connection.client, logger);
    app.post('/thing', rateLimit({ burst: 3, perSecond: 0.05, maxClients: 100, shared: { store, name } }), (_req, res) => void res.status(204).end());
    return (address: string) => request(app).post('/thing').set('X-Forwarded-For', address);
  };

  beforeAll(async () => {
    redis = await startRedis(bin as string);
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.stop();
  });

  it('counts a client across instances and keeps no raw address in Redis', async () => {
    const [a, b] = await Promise.all([instance(redis.url), instance(redis.url)]);

    const statuses = [(await a('203.0.113.9')).status, (await b('203.0.113.9')).status, (await a('203.0.113.9')).status];
    const refused = await b('203.0.113.9');

    expect(statuses).toEqual([204, 204, 204]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(50);
    expect((await a('203.0.113.9')).status).toBe(429);
    expect((await b('198.51.100.7')).status).toBe(204);
    const keys = await connections[0]!.client.keys('*');
    expect(keys.some((key) => key.startsWith('vitrine:rate-limit:test:'))).toBe(true);
    expect(keys.join(' ')).not.toMatch(/203\.0\.113|198\.51\.100/);
  });

  it('falls back to counting per instance, with one warning, while Redis is unreachable', async () => {
    const gone = await startRedis(bin as string);
    await gone.stop();
    logs.length = 0;
    const send = await instance(gone.url, 'fallback');

    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send('192.0.2.44')).status);

    expect(statuses).toEqual([204, 204, 204, 429]);
    expect(logs.filter((line) => line.msg.startsWith('shared rate limits unavailable'))).toHaveLength(1);
  });
});
