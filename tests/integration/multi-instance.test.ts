import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { entryOf, readDemoExport, startFakeContentful } from '../fakes/contentful.ts';
import { createContentTestApp, WEBHOOK_SECRET } from '../fakes/contentful-app.ts';
import { findRedisBinary, startRedis } from './support/redis-server.ts';

import type { FakeContentful, RawExport } from '../fakes/contentful.ts';
import type { ContentTestApp } from '../fakes/contentful-app.ts';
import type { TestRedis } from './support/redis-server.ts';

/**
 * Two instances on one fake Contentful and one real Redis/Valkey (ADR 053); skipped locally without a server binary, never in CI.
 * Each instance serves its own replica of the space (ADR 061): a webhook to one makes every other sync its replica over the bus.
 */
const bin = findRedisBinary();
const ARTICLE = '/articles/oak-ash-walnut';
const WEBHOOK = '/api/webhooks/contentful';

/** Contentful's publish webhook: the entry's CMA `sys` as the fake holds it now, with the `publishedCounter` the publish gave it. */
function signedWebhook(app: ContentTestApp['app'], data: RawExport, id: string) {
  const body = JSON.stringify({ sys: entryOf(data, id).sys });
  const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' };
  const signed = { ...headers, ...signRequest(WEBHOOK_SECRET, { method: 'POST', path: WEBHOOK, headers, body }, Date.now()) };
  return request(app).post(WEBHOOK).set(signed).send(body);
}

/** Polls until `check` holds; the deadline only stops a broken build from hanging (nothing here asserts a duration). */
async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
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
  // The fake edits this object in place (`fake.update`): the webhooks read the published revision from it.
  const data = readDemoExport();
  let fake: FakeContentful;
  let a: ContentTestApp;
  let b: ContentTestApp;

  beforeAll(async () => {
    redis = await startRedis(bin as string);
    fake = await startFakeContentful({ data });
    // No poll: only a webhook (or the bus) makes a replica sync, so what B shows came over the bus.
    const env = { ...fake.env, REDIS_URL: redis.url, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET, CONTENTFUL_SYNC_POLL_MS: '0' };
    [a, b] = await Promise.all([createContentTestApp(env), createContentTestApp(env, { captureLogs: true })]);
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

  it('a webhook to one instance makes the next page, content and search results of the other fresh', { timeout: 45_000 }, async () => {
    const before = await title(b);
    expect(before).toContain('Oak, ash or walnut');
    fake.update((space) => {
      entryOf(space, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Quartersawn oak in the workshop' };
    });
    const revision = entryOf(data, 'article-oak-ash-walnut').sys['publishedCounter'];
    expect(revision).toBe(2);
    // Published in Contentful, but no instance has synced: B serves its replica (and its cached page) as they were.
    expect(await title(b)).toBe(before);
    b.logs.length = 0;

    const res = await signedWebhook(a.app, data, 'article-oak-ash-walnut');

    // A answers once its own replica holds the published revision (read your own publish).
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: { kind: 'Entry', id: 'article-oak-ash-walnut', revision } });
    expect(
      await eventually(
        () => title(b),
        (t) => t !== before,
      ),
    ).toBe('Quartersawn oak in the workshop');
    // B heard A's message, synced its own replica, and dropped what that sync changed.
    expect(b.logs).toContainEqual(expect.objectContaining({ msg: 'applied an invalidation from another instance', kind: 'sync' }));
    expect(b.logs).toContainEqual(expect.objectContaining({ msg: 'content invalidated', changed: ['article-oak-ash-walnut'] }));
    const hits = await eventually(
      () => searchHits(b, 'quartersawn'),
      (h) => h.length > 0,
    );
    expect(hits.map((hit) => hit.objectID)).toContain('article-oak-ash-walnut:en-US');
    expect(await title(a)).toBe('Quartersawn oak in the workshop');
  });

  it('warns in /readyz while Redis is down, stays ready, and drops what it may have missed when it is back', { timeout: 90_000 }, async () => {
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
    fake.update((space) => {
      entryOf(space, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Rift-sawn ash' };
      space.entries = space.entries.filter((entry) => entry.sys.id !== 'page-press');
    });
    expect((await signedWebhook(a.app, data, 'article-oak-ash-walnut')).status).toBe(200);
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
    // What B missed is synced in the background once the bus is back.
    expect(
      await eventually(
        () => title(b),
        (t) => t === 'Rift-sawn ash',
      ),
    ).toBe('Rift-sawn ash');
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
