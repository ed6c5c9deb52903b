import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startFakeContentful } from '../fakes/contentful.ts';
import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { Express } from 'express';
import type { ContentTestApp } from '../fakes/contentful-app.ts';
import type { FakeContentful, FakeRequest } from '../fakes/contentful.ts';

/**
 * ADR 061: delivery reads the in-process replica, so whatever Contentful does once the server is up (5xx, hang,
 * slow drip, connection reset, 429 with a long Retry-After / X-Contentful-RateLimit-Reset), pages, route data, the JSON API
 * and the feeds answer 200 at once and ask Contentful nothing. Only preview still waits on Contentful, within the request's
 * deadline. The real app and the real contentful SDK against the wire-level fake.
 */
const SSR_ABORT_MS = 1500;
/** Rendering the answer and supertest's own overhead on a busy machine. */
const MARGIN_MS = 500;
const PREVIEW_SECRET = 'preview-secret-upstream-faults';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0';
// No poll: after the start nothing but a visitor's request could reach the fake. A fixed origin: feeds are kept per origin.
// A per-request timeout the start-up sync meets on a busy machine: no test here waits on it.
const base = {
  SSR_ABORT_MS: String(SSR_ABORT_MS),
  SHUTDOWN_TIMEOUT_MS: '10000',
  PUBLIC_URL: 'https://vitrine.example',
  CONTENTFUL_TIMEOUT_MS: '2000',
  CONTENTFUL_SYNC_POLL_MS: '0',
};
/** What the replica itself asks for (a sync and the model the sync feed lacks); everything else would be a visitor's request. */
const REPLICA_RESOURCES = new Set(['/sync', '/content_types', '/locales', '/tags', '/taxonomy/concepts']);
/** What the content cache holds by content type. */
const CONTENT_TYPES = ['type:article', 'type:model', 'type:page', 'type:siteSettings'];
const visitorRequests = (fake: FakeContentful) => fake.count((r: FakeRequest) => !REPLICA_RESOURCES.has(r.resource));

async function timed(app: Express | ReturnType<typeof request.agent>, path: string) {
  const started = Date.now();
  const res = await (typeof app === 'function' ? request(app) : app).get(path).set('User-Agent', BROWSER);
  return { res, elapsedMs: Date.now() - started };
}

/** Polls /readyz until it answers 200 (bounded), returning the last answer. */
async function waitUntilReady(app: Express, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(app).get('/readyz');
    if (res.status === 200 || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Fault {
  name: string;
  apply(fake: FakeContentful): void;
}

const FAULTS: Fault[] = [
  { name: '500 errors', apply: (f) => f.fail(500) },
  { name: '503 errors', apply: (f) => f.fail(503) },
  { name: 'a hang', apply: (f) => f.hang() },
  { name: 'a slow drip', apply: (f) => f.drip(50) },
  { name: 'connection resets', apply: (f) => f.reset() },
  { name: '429 with Retry-After: 30', apply: (f) => f.rateLimit(Infinity, 30, 'Retry-After') },
  { name: '429 with X-Contentful-RateLimit-Reset: 30', apply: (f) => f.rateLimit(Infinity, 30) },
];

describe.each(FAULTS)('when Contentful answers with $name after the start', (fault) => {
  let fake: FakeContentful;
  let t: ContentTestApp;
  beforeAll(async () => {
    fake = await startFakeContentful();
    t = await createContentTestApp({ ...fake.env, ...base });
    // What the start-up search index build cached goes, as after a publish: every answer below is built afresh.
    t.services.content.invalidate(CONTENT_TYPES);
    fault.apply(fake);
    fake.clearLog();
  }, 20_000);
  afterAll(async () => {
    await t.services.close();
    await fake.close();
  });

  it('serves a page never requested before from the replica in under a second', async () => {
    const { res, elapsedMs } = await timed(t.app, '/tags/craft');

    expect(res.status).toBe(200);
    expect(res.text).toContain('class="site-header"');
    expect(elapsedMs).toBeLessThan(1000);
    expect(fake.count()).toBe(0);
  });

  it('serves route data from the replica', async () => {
    const { res, elapsedMs } = await timed(t.app, '/_data/models/halo-pendant?_routes=en,model');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'data', status: 200 });
    expect(JSON.stringify(res.body.results.model)).toContain('Halo Pendant');
    expect(elapsedMs).toBeLessThan(1000);
    expect(fake.count()).toBe(0);
  });

  it('serves the JSON API from the replica', async () => {
    const { res, elapsedMs } = await timed(t.app, '/api/content/articles?skip=3&limit=7');

    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(7);
    expect(elapsedMs).toBeLessThan(1000);
    expect(fake.count()).toBe(0);
  });

  it('serves a feed and the sitemap never built from the replica', async () => {
    const feed = await timed(t.app, '/de/rss.xml');
    const sitemap = await timed(t.app, '/sitemap.xml');

    expect(feed.res.status).toBe(200);
    expect(feed.res.text).toContain('<rss');
    expect(sitemap.res.status).toBe(200);
    expect(sitemap.res.text).toContain('<urlset');
    expect(feed.elapsedMs + sitemap.elapsedMs).toBeLessThan(2000);
    expect(fake.count()).toBe(0);
  });
});

describe('500 concurrent misses', () => {
  let fake: FakeContentful;
  let t: ContentTestApp;
  beforeAll(async () => {
    fake = await startFakeContentful();
    // A deadline no busy machine misses: this is about where content comes from, not how fast 500 renders are.
    t = await createContentTestApp({ ...fake.env, ...base, SSR_ABORT_MS: '20000', SHUTDOWN_TIMEOUT_MS: '30000', RENDER_QUEUE_TIMEOUT_MS: '20000' });
    fake.clearLog();
  }, 20_000);
  afterAll(async () => {
    await t.services.close();
    await fake.close();
  });

  it('of distinct pages never requested before make no upstream request', async () => {
    // Every query differs, so no content cache entry or page answers two of them.
    const paths = Array.from({ length: 500 }, (_, i) =>
      i % 2 === 0 ? `/api/content/articles?skip=${i}&limit=${1 + (i % 50)}` : `/_data/articles/never-published-${i}?_routes=en,article`,
    );

    const answers = await Promise.all(paths.map((path) => request(t.app).get(path).set('User-Agent', BROWSER)));

    expect(new Set(answers.map((res) => res.status))).toEqual(new Set([200]));
    // Route data for a slug the space lacks: the article route's own 404, read from the replica.
    expect(answers[1]?.body.results.article.error).toMatchObject({ status: 404 });
    expect(fake.count()).toBe(0);
  }, 60_000);
});

describe('a restart while Contentful fails', () => {
  let fake: FakeContentful;
  afterAll(async () => {
    await fake.close();
  });

  it('serves pages from the replica file and reports its source and age', async () => {
    fake = await startFakeContentful();
    const first = await createContentTestApp({ ...fake.env, ...base });
    // Waits for the replica file's write.
    await first.services.close();
    fake.fail(500);
    fake.clearLog();

    const second = await createContentTestApp({ ...fake.env, ...base });
    try {
      const page = await timed(second.app, '/models/ostra-lounge-chair');
      const data = await timed(second.app, '/_data/articles/rendering-light?_routes=en,article');
      const readyz = await request(second.app).get('/readyz');

      expect(page.res.status).toBe(200);
      expect(page.res.text).toContain('<h1>Ostra Lounge Chair</h1>');
      expect(data.res.status).toBe(200);
      expect(page.elapsedMs + data.elapsedMs).toBeLessThan(2000);
      expect(readyz.status).toBe(200);
      expect(readyz.body.dependencies.content).toMatchObject({ ready: true, replica: { ready: true, source: 'file' } });
      expect(readyz.body.dependencies.content.replica.ageMs).toBeGreaterThanOrEqual(0);
      expect(readyz.body.dependencies.content.replica.entries).toBeGreaterThan(0);
      // The start's background sync met the 500s; no page asked for anything.
      expect(visitorRequests(fake)).toBe(0);
    } finally {
      await second.services.close();
    }
  }, 30_000);
});

describe('a preview page while the Preview API hangs', () => {
  let fake: FakeContentful;
  afterAll(async () => {
    await fake.close();
  });

  it('answers 503 with Retry-After within SSR_ABORT_MS', async () => {
    fake = await startFakeContentful();
    // A per-request timeout longer than the request's deadline: the deadline is what bounds the wait.
    const t = await createContentTestApp({ ...fake.env, ...base, CONTENTFUL_TIMEOUT_MS: '10000', PREVIEW_SECRET, COOKIE_SECRET: 'cookie-secret-upstream' });
    try {
      // Sent by hand: the cookie is Secure (SameSite=None for Live Preview's frame), which an agent keeps only for https.
      const entered = await request(t.app).get(`/api/preview?secret=${PREVIEW_SECRET}&path=/models/halo-pendant`).expect(307);
      const cookie = String(([] as string[]).concat(entered.headers['set-cookie'] ?? [])[0]).split(';')[0]!;
      fake.hang();
      fake.clearLog();

      const started = Date.now();
      const res = await request(t.app).get('/models/halo-pendant').set('User-Agent', BROWSER).set('Cookie', cookie);
      const elapsedMs = Date.now() - started;

      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.text).toContain('class="error-page"');
      expect(elapsedMs).toBeLessThan(SSR_ABORT_MS + MARGIN_MS);
      expect(fake.count((r) => r.preview)).toBeGreaterThan(0);
    } finally {
      await t.services.close();
    }
  }, 30_000);
});

describe('a first start while Contentful is down', () => {
  let fake: FakeContentful;
  let t: ContentTestApp | undefined;
  afterEach(async () => {
    await t?.services.close();
    await fake.close();
  });

  it('answers a styled 503 and is not ready, then turns into the site once Contentful recovers', async () => {
    fake = await startFakeContentful();
    fake.fail(500);
    t = await createContentTestApp({ ...fake.env, ...base }, { waitForSearch: false });

    const page = await timed(t.app, '/articles/oak-ash-walnut');
    const notReady = await request(t.app).get('/readyz');
    fake.recover();
    const ready = await waitUntilReady(t.app);
    const after = await timed(t.app, '/articles/oak-ash-walnut');

    expect(page.res.status).toBe(503);
    expect(page.res.headers['retry-after']).toBe('30');
    expect(page.res.headers['cache-control']).toBe('no-store');
    expect(page.res.text).toContain('class="error-page"');
    expect(page.elapsedMs).toBeLessThan(SSR_ABORT_MS + MARGIN_MS);
    expect(notReady.status).toBe(503);
    expect(notReady.body.dependencies.content).toMatchObject({ ready: false, replica: { ready: false, source: 'none', entries: 0 } });
    expect(ready.status).toBe(200);
    expect(ready.body.dependencies.content.replica).toMatchObject({ ready: true, source: 'sync' });
    expect(ready.body.dependencies.content.replica).not.toHaveProperty('lastError');
    expect(after.res.status).toBe(200);
    expect(after.res.text).toContain('<h1>Oak, ash or walnut: choosing a hardwood you can live with</h1>');
  }, 30_000);
});
