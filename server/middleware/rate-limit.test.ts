import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { rateLimit } from './rate-limit.ts';

import type { RateLimitOptions } from './rate-limit.ts';

function createLimitedApp(options: RateLimitOptions) {
  const app = express();
  app.set('trust proxy', 1);
  app.post('/api/thing', rateLimit(options), (_req, res) => void res.status(204).end());
  return (address: string) => request(app).post('/api/thing').set('X-Forwarded-For', address);
}

describe('rateLimit', () => {
  it('allows a burst per client, then answers 429 with Retry-After in JSON', async () => {
    const send = createLimitedApp({ burst: 2, perSecond: 0.1, maxClients: 10, message: 'Slow down' });

    const statuses = [(await send('203.0.113.9')).status, (await send('203.0.113.9')).status];
    const refused = await send('203.0.113.9');

    expect(statuses).toEqual([204, 204]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(19);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toMatchObject({ error: { status: 429, message: 'Slow down' } });
  });

  it('counts clients apart, IPv6 per /64', async () => {
    const send = createLimitedApp({ burst: 1, perSecond: 0.01, maxClients: 10 });

    expect((await send('2001:db8:0:1::1')).status).toBe(204);
    expect((await send('2001:db8:0:1::2')).status).toBe(429);
    expect((await send('198.51.100.7')).status).toBe(204);
  });

  it('forgets the least recently seen client beyond maxClients', async () => {
    const send = createLimitedApp({ burst: 1, perSecond: 0.01, maxClients: 2 });

    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await send(address);

    expect((await send('192.0.2.1')).status).toBe(204);
    expect((await send('192.0.2.3')).status).toBe(429);
  });
});
