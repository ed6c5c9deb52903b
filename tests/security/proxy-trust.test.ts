import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';

/**
 * Spoofed X-Forwarded-For (ADR 013): behind a proxy, a client that
 * writes its own X-Forwarded-For must not get a fresh rate-limit bucket per
 * request. The test client connects from 127.0.0.1, standing in for the
 * proxy, which appends the real client address (203.0.113.9) as proxies do.
 * The embedded search API allows a burst of 40 queries per client.
 */
const BURST = 40;
const QUERY = { requests: [{ indexName: 'vitrine_en-US', params: 'query=oak' }] };

const apps: ContentTestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.services.close();
});

async function searchAs(t: ContentTestApp, forwardedFor: string): Promise<number> {
  const res = await request(t.app).post('/1/indexes/*/queries').set('Host', 'vitrine.test').set('X-Forwarded-For', forwardedFor).send(QUERY);
  return res.status;
}

describe.each(['1', 'loopback', 'true'])('search rate limit with TRUST_PROXY=%s', (trustProxy) => {
  it('counts a client that spoofs the left-most X-Forwarded-For entry as one client', async () => {
    const t = await createContentTestApp({ TRUST_PROXY: trustProxy, INSIGHTS_ENABLED: 'false' });
    apps.push(t);

    // At once, so the bucket's refill (10 per second) cannot hide the limit.
    const statuses = await Promise.all(Array.from({ length: 2 * BURST }, (_, i) => searchAs(t, `198.51.100.${i}, 203.0.113.9`)));
    const otherClient = await searchAs(t, '198.51.100.1, 203.0.113.10');

    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(BURST);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(BURST / 2);
    expect(otherClient).toBe(200);
  }, 60_000);
});

describe('start-up warning', () => {
  it('tells operators to replace TRUST_PROXY=true with a hop count or the proxy subnet', async () => {
    const t = await createContentTestApp({ TRUST_PROXY: 'true' }, { captureLogs: true });
    apps.push(t);

    const warning = t.logs.find((line) => line.level === 40 && /TRUST_PROXY=true/.test(line.msg));

    expect(warning).toBeDefined();
    expect(String(warning?.['fix'])).toMatch(/TRUST_PROXY=1/);
  });
});
