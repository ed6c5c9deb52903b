import { once } from 'node:events';

import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startFakeContentful } from '../fakes/contentful.ts';
import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { FakeContentful } from '../fakes/contentful.ts';

/**
 * Issue 12, item 7: whatever Contentful does (5xx, hang, slow drip,
 * connection reset, 429 with a long Retry-After / X-Contentful-RateLimit-Reset),
 * pages, route data, the JSON API and the feeds answer within SSR_ABORT_MS:
 * 503 with Retry-After and no-store (or a stale 200 when cached), never 500.
 * The real app and the real contentful SDK against the wire-level fake.
 */
const SSR_ABORT_MS = 800;
/** Rendering the answer and supertest's own overhead on a busy machine. */
const MARGIN_MS = 400;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0';
// A fixed origin: feeds are remembered per origin, and supertest picks a new port per request.
const base = { SSR_ABORT_MS: String(SSR_ABORT_MS), SHUTDOWN_TIMEOUT_MS: '10000', PUBLIC_URL: 'https://vitrine.example' };
/** What the start-up search index build cached besides the layout: a publish dropped it. */
const CONTENT_TYPES = ['type:article', 'type:model', 'type:page'];

async function timed(app: Express, path: string) {
  const started = performance.now();
  const res = await request(app).get(path).set('User-Agent', BROWSER);
  return { res, elapsedMs: performance.now() - started };
}

interface Fault {
  name: string;
  apply(fake: FakeContentful): void;
  /** Retry-After the answers must carry. */
  retryAfter: RegExp;
}

const FAULTS: Fault[] = [
  { name: '500 errors', apply: (f) => f.fail(500), retryAfter: /^\d+$/ },
  { name: 'a hang', apply: (f) => f.hang(), retryAfter: /^\d+$/ },
  { name: 'a slow drip', apply: (f) => f.drip(50), retryAfter: /^\d+$/ },
  { name: 'connection resets', apply: (f) => f.reset(), retryAfter: /^\d+$/ },
  { name: '429 with Retry-After: 30', apply: (f) => f.rateLimit(Infinity, 30, 'Retry-After'), retryAfter: /^(29|30)$/ },
  { name: '429 with X-Contentful-RateLimit-Reset: 30', apply: (f) => f.rateLimit(Infinity, 30), retryAfter: /^(29|30)$/ },
];

describe.each(FAULTS)('when Contentful answers with $name', (fault) => {
  let fake: FakeContentful;
  let app: Express;
  beforeAll(async () => {
    fake = await startFakeContentful();
    // A breaker that never opens: every request meets the fault itself.
    const t = await createContentTestApp({ ...fake.env, ...base, CONTENTFUL_BREAKER_FAILURES: '1000' });
    app = t.app;
    // The English layout (site settings) and the tag list stay cached; what follows was never loaded.
    await request(app).get('/').set('User-Agent', BROWSER);
    t.services.content.invalidate(CONTENT_TYPES);
    fault.apply(fake);
  }, 20_000);
  afterAll(async () => {
    await fake.close();
  });

  it('answers a page with the styled 503 within SSR_ABORT_MS', async () => {
    const { res, elapsedMs } = await timed(app, '/tags/craft');

    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(fault.retryAfter);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('class="error-page"');
    expect(elapsedMs).toBeLessThan(SSR_ABORT_MS + MARGIN_MS);
  });

  it('answers route data with a JSON 503 within SSR_ABORT_MS', async () => {
    const { res, elapsedMs } = await timed(app, '/_data/models/halo-pendant');

    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(fault.retryAfter);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toMatchObject({ type: 'data', status: 503 });
    expect(elapsedMs).toBeLessThan(SSR_ABORT_MS + MARGIN_MS);
  });

  it('answers the JSON API with a JSON 503 within SSR_ABORT_MS', async () => {
    const { res, elapsedMs } = await timed(app, '/api/content/articles?skip=3&limit=7');

    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(fault.retryAfter);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.error).toMatchObject({ status: 503 });
    expect(elapsedMs).toBeLessThan(SSR_ABORT_MS + MARGIN_MS);
  });

  it('answers a feed and the sitemap never built with 503, not 500, within SSR_ABORT_MS', async () => {
    const feed = await timed(app, '/de/rss.xml');
    const sitemap = await timed(app, '/sitemap.xml');

    for (const { res, elapsedMs } of [feed, sitemap]) {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toMatch(fault.retryAfter);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(elapsedMs).toBeLessThan(SSR_ABORT_MS + MARGIN_MS);
    }
  });
});

describe('the circuit breaker in front of Contentful', () => {
  let fake: FakeContentful;
  afterEach(async () => {
    await fake.close();
  });

  it('fails fast with no upstream call while open, sends one probe after the cool-down, and closes on success', async () => {
    fake = await startFakeContentful();
    const { app, services } = await createContentTestApp({ ...fake.env, ...base, CONTENTFUL_BREAKER_FAILURES: '3', CONTENTFUL_BREAKER_COOLDOWN_MS: '1000' });
    await request(app).get('/').set('User-Agent', BROWSER);
    services.content.invalidate(CONTENT_TYPES);
    fake.fail(500);
    await request(app).get('/tags/craft').set('User-Agent', BROWSER);
    await request(app).get('/tags/design').set('User-Agent', BROWSER);
    fake.clearLog();

    const open = await Promise.all(
      ['/models/halo-pendant', '/articles/rendering-light', '/api/content/model/ostra-lounge-chair'].map((path) => timed(app, path)),
    );
    const callsWhileOpen = fake.count();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const halfOpen = await Promise.all(
      ['/models/kerf-dining-table', '/api/content/pages', '/api/content/categories?locale=de-DE'].map((path) => timed(app, path)),
    );
    const probes = fake.count();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    fake.recover();
    const recovered = await timed(app, '/models/halo-pendant');
    const after = await timed(app, '/articles/rendering-light');

    for (const { res, elapsedMs } of [...open, ...halfOpen]) {
      expect(res.status).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(1);
      expect(elapsedMs).toBeLessThan(SSR_ABORT_MS);
    }
    expect(callsWhileOpen).toBe(0);
    expect(probes).toBe(1);
    expect(recovered.res.status).toBe(200);
    expect(after.res.status).toBe(200);
  }, 20_000);

  it('keeps serving pages it has content for while open, without asking Contentful', async () => {
    fake = await startFakeContentful();
    const env = {
      ...fake.env,
      ...base,
      CONTENT_CACHE_TTL_MS: '100',
      PAGE_CACHE_MAX_BYTES: '0',
      CONTENTFUL_BREAKER_FAILURES: '2',
      CONTENTFUL_BREAKER_COOLDOWN_MS: '5000',
    };
    const { app } = await createContentTestApp(env);
    await request(app).get('/models/ostra-lounge-chair').set('User-Agent', BROWSER);
    fake.fail(500);
    await request(app).get('/tags/craft').set('User-Agent', BROWSER);
    await new Promise((resolve) => setTimeout(resolve, 150));
    fake.clearLog();

    const { res, elapsedMs } = await timed(app, '/models/ostra-lounge-chair');

    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Ostra Lounge Chair</h1>');
    expect(elapsedMs).toBeLessThan(SSR_ABORT_MS);
    expect(fake.count()).toBe(0);
  }, 20_000);
});

describe('feeds while Contentful is down', () => {
  it('serve their last good copy instead of an error', async () => {
    const fake = await startFakeContentful();
    try {
      const { app, services } = await createContentTestApp({ ...fake.env, ...base });
      const good = await Promise.all(['/rss.xml', '/de/rss.xml', '/sitemap.xml'].map((path) => request(app).get(path)));
      // A publish dropped every cached query, then Contentful went down.
      services.content.invalidate(['type:article', 'type:page', 'type:model', 'type:siteSettings']);
      fake.fail(503);

      const during = await Promise.all(['/rss.xml', '/de/rss.xml', '/sitemap.xml'].map((path) => timed(app, path)));

      for (const [i, { res, elapsedMs }] of during.entries()) {
        expect(res.status).toBe(200);
        expect(res.text).toBe(good[i]?.text);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(elapsedMs).toBeLessThan(SSR_ABORT_MS + MARGIN_MS);
      }
      expect(good.map((r) => r.status)).toEqual([200, 200, 200]);
    } finally {
      await fake.close();
    }
  }, 20_000);
});

describe('concurrent misses', () => {
  let fake: FakeContentful;
  let server: Server;
  let origin: string;
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await fake.close();
  });

  async function start(env: Record<string, string> = {}) {
    fake = await startFakeContentful();
    const { app, services } = await createContentTestApp({ ...fake.env, ...base, SSR_ABORT_MS: '5000', ...env });
    services.content.invalidate(CONTENT_TYPES);
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await fetch(`${origin}/`).then((res) => res.text());
    fake.clearLog();
  }

  const burst = (path: string, n: number) =>
    Promise.all(Array.from({ length: n }, () => fetch(`${origin}${path}`).then(async (res) => ({ status: res.status, body: await res.text() }))));

  it('send a handful of upstream requests for 500 concurrent misses of one page', async () => {
    await start({ CONTENTFUL_MAX_CONCURRENCY: '2' });
    fake.delay(100);

    const answers = await burst('/_data/models/halo-pendant', 500);

    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(fake.count()).toBeLessThanOrEqual(5);
    expect(fake.peakInFlight).toBeLessThanOrEqual(2);
  }, 30_000);

  it('send a handful of upstream requests for 500 concurrent misses while Contentful fails', async () => {
    await start();
    fake.fail(500);

    const answers = await burst('/_data/models/halo-pendant', 500);

    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([503]));
    expect(fake.count()).toBeLessThanOrEqual(10);
  }, 30_000);
});
