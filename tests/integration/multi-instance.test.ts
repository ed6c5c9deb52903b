import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { entryOf, startFakeContentful } from '../fakes/contentful.ts';
import { createContentTestApp, WEBHOOK_SECRET } from '../fakes/contentful-app.ts';
import { findRedisBinary, startRedis } from './support/redis-server.ts';

import type { FakeContentful } from '../fakes/contentful.ts';
import type { ContentTestApp } from '../fakes/contentful-app.ts';
import type { TestRedis } from './support/redis-server.ts';

/** Two instances on one fake Contentful and one real Redis/Valkey (ADR 053); skipped locally without a server binary, never in CI. */
const bin = findRedisBinary();
const ARTICLE = '/articles/oak-ash-walnut';
const WEBHOOK = '/api/webhooks/contentful';

function signedWebhook(app: ContentTestApp['app'], id: string) {
  const body = JSON.stringify({ sys: { type: 'Entry', id, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } } } });
  const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' };
  const signed = { ...headers, ...signRequest(WEBHOOK_SECRET, { method: 'POST', path: WEBHOOK, headers, body }, Date.now()) };
  return request(app).post(WEBHOOK).set(signed).send(body);
}

/** Polls until `check` holds; the deadline only stops a broken build from hanging (nothing here asserts a duration). */
async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const title = async (t: ContentTestApp) => /<h1[^>]*>([^<]*)</.exec((await request(t.app).get(ARTICLE).set('Host', 'vitrine.test')).text)?.[1] ?? '';
const busOf = async (t: ContentTestApp) => {
  const res = await request(t.app).get('/readyz');
  return { status: res.status, bus: res.body.dependencies?.bus, warnings: res.body.warnings as unknown[] | undefined };
};
const searchHits = async (t: ContentTestApp, query: string) => {
  const res = await request(t.app)
    .post('/1/indexes/*/queries')
    .send({ requests: [{ indexName: 'vitrine_en-US', params: `query=${encodeURIComponent(query)}` }] });
  return (res.body.results?.[0]?.hits ?? []) as Array<{ objectID: string }>;
};

describe.skipIf(!bin)('several instances on one Redis', () => {
  let redis: TestRedis;
  let fake: FakeContentful;
  let a: ContentTestApp;
  let b: ContentTestApp;

  beforeAll(async () => {
    redis = await startRedis(bin as string);
    fake = await startFakeContentful();
    const env = { ...fake.env, REDIS_URL: redis.url, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET };
    [a, b] = await Promise.all([createContentTestApp(env), createContentTestApp(env)]);
    for (const t of [a, b])
      await eventually(
        () => busOf(t),
        (s) => s.bus?.detail === 'subscribed',
      );
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.services.close(), b?.services.close()]);
    await fake?.close();
    await redis?.stop();
  });

  it('reports the bus in /readyz', async () => {
    const status = await busOf(b);

    expect(status.status).toBe(200);
    expect(status.bus).toEqual({ mode: 'redis', ready: true, detail: 'subscribed' });
    expect(status.warnings).toBeUndefined();
  });

  it('a webhook to one instance makes the next page, content and search results of the other fresh', { timeout: 30_000 }, async () => {
    const before = await title(b);
    expect(before).toContain('Oak, ash or walnut');
    fake.update((data) => {
      entryOf(data, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Quartersawn oak in the workshop' };
    });
    // Without the bus B keeps its cached page (and cached content) until the TTL.
    expect(await title(b)).toBe(before);

    const res = await signedWebhook(a.app, 'article-oak-ash-walnut');

    expect(res.status).toBe(200);
    expect(
      await eventually(
        () => title(b),
        (t) => t !== before,
      ),
    ).toBe('Quartersawn oak in the workshop');
    const hits = await eventually(
      () => searchHits(b, 'quartersawn'),
      (h) => h.length > 0,
    );
    expect(hits.map((hit) => hit.objectID)).toContain('article-oak-ash-walnut:en-US');
    expect(await title(a)).toBe('Quartersawn oak in the workshop');
  });

  it('warns in /readyz while Redis is down, stays ready, and drops what it may have missed when it is back', { timeout: 40_000 }, async () => {
    const before = await title(b);
    const ids = (hits: Array<{ objectID: string }>) => hits.map((hit) => hit.objectID);
    expect(ids(await searchHits(b, 'quartersawn'))).toContain('article-oak-ash-walnut:en-US');
    expect(ids(await searchHits(b, 'press'))).toContain('page-press:en-US');
    await redis.kill();
    const down = await eventually(
      () => busOf(b),
      (s) => s.bus?.detail === 'reconnecting',
    );
    expect(down.status).toBe(200);
    expect(down.bus).toMatchObject({ mode: 'redis', ready: true, detail: 'reconnecting' });
    expect(down.warnings).toEqual([expect.objectContaining({ path: 'invalidation-bus' })]);

    // A publish and an unpublish B cannot hear about (A's webhook cannot reach the bus): after reconnecting it must serve neither.
    fake.update((data) => {
      entryOf(data, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Rift-sawn ash' };
      data.entries = data.entries.filter((entry) => entry.sys.id !== 'page-press');
    });
    expect((await signedWebhook(a.app, 'article-oak-ash-walnut')).status).toBe(200);
    expect(ids(await searchHits(a, 'rift'))).toContain('article-oak-ash-walnut:en-US');
    expect(await title(b)).toBe(before);
    expect(ids(await searchHits(b, 'rift'))).not.toContain('article-oak-ash-walnut:en-US');
    await redis.start();

    expect(
      (
        await eventually(
          () => busOf(b),
          (s) => s.bus?.detail === 'subscribed',
        )
      ).warnings,
    ).toBeUndefined();
    expect(await title(b)).toBe('Rift-sawn ash');
    // Search is rebuilt in the background; the old records answer until the new ones are in.
    const found = await eventually(
      () => searchHits(b, 'rift'),
      (hits) => ids(hits).includes('article-oak-ash-walnut:en-US'),
    );
    expect(ids(found)).toContain('article-oak-ash-walnut:en-US');
    expect(ids(await searchHits(b, 'quartersawn'))).not.toContain('article-oak-ash-walnut:en-US');
    expect(ids(await searchHits(b, 'press'))).not.toContain('page-press:en-US');
  });
});
