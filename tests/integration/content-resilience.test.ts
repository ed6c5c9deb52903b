import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { startFakeContentful } from '../fakes/contentful.ts';
import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { FakeContentful } from '../fakes/contentful.ts';

/**
 * The real app against a Contentful that fails, hangs or rate-limits (the
 * wire-level fake): pages come from the content cache when they can, a page
 * never seen answers 503 with Retry-After, and nothing waits forever.
 * tests/security/upstream-faults.test.ts covers every fault against the deadline.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0';
/** Retry-After of a 503 when Contentful gave no time: the circuit's cool-down (CONTENTFUL_BREAKER_COOLDOWN_MS, 10 s). */
const COOLDOWN_S = '10';
/** The upstream guard's back-off before retry n (1-based): 100·2ⁿ⁻¹ ms plus up to 100 ms of jitter (ADR 015). */
const backoffMs = (retry: number) => 100 * 2 ** (retry - 1) + 100;

let fake: FakeContentful;
afterEach(async () => {
  await fake.close();
});

describe('when Contentful is down', () => {
  it('answers a page it never rendered with a styled 503 and Retry-After', async () => {
    fake = await startFakeContentful();
    const { app } = await createContentTestApp(fake.env);
    // The site settings (every page's layout) are cached; the tag's article list never was.
    await request(app).get('/').set('User-Agent', BROWSER);
    fake.fail(500);

    const res = await request(app).get('/tags/craft').set('User-Agent', BROWSER);

    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(COOLDOWN_S);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('class="error-page"');
    expect(res.text).toContain('<p class="eyebrow">503</p>');
    expect(res.text).toContain('class="site-header"');
    expect(fake.count((r) => r.status === 500)).toBeGreaterThan(0);
  }, 20_000);

  // Known gap (not in the content files): when the locale layout's own loader
  // (site settings) fails, its error element RouteError calls useSite(), which
  // throws without layout data; the shell render fails and the answer is the
  // static 500 page. Flip to `it` once RouteError copes without layout data.
  it('answers with 503, not 500, when not even the site settings were ever loaded', async () => {
    fake = await startFakeContentful();
    fake.fail(500);
    const { app } = await createContentTestApp(fake.env, { waitForSearch: false });

    const res = await request(app).get('/articles/oak-ash-walnut').set('User-Agent', BROWSER);

    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(COOLDOWN_S);
  }, 20_000);

  it('answers the JSON API with 503 JSON and Retry-After', async () => {
    fake = await startFakeContentful();
    fake.fail(503);
    const { app } = await createContentTestApp(fake.env, { waitForSearch: false });

    const res = await request(app).get('/api/content/article/oak-ash-walnut');

    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(COOLDOWN_S);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error).toMatchObject({ status: 503 });
  }, 20_000);

  it('keeps serving pages it has content for, at once (stale-if-error)', async () => {
    fake = await startFakeContentful();
    const { app } = await createContentTestApp({ ...fake.env, CONTENT_CACHE_TTL_MS: '100' });
    const before = await request(app).get('/models/ostra-lounge-chair').set('User-Agent', BROWSER);
    fake.fail(500);
    await new Promise((resolve) => setTimeout(resolve, 150));

    const started = performance.now();
    const during = await request(app).get('/models/ostra-lounge-chair').set('User-Agent', BROWSER);
    const elapsedMs = performance.now() - started;

    expect(before.status).toBe(200);
    expect(during.status).toBe(200);
    expect(during.text).toContain('<h1>Ostra Lounge Chair</h1>');
    expect(elapsedMs).toBeLessThan(1000);
  }, 20_000);
});

describe('when Contentful hangs', () => {
  it('fails the request within CONTENTFUL_TIMEOUT_MS and the retry budget', async () => {
    fake = await startFakeContentful();
    // Not shorter: the search index build before the hang must not time out on a busy machine.
    const { app } = await createContentTestApp({ ...fake.env, CONTENTFUL_TIMEOUT_MS: '400' });
    await request(app).get('/').set('User-Agent', BROWSER);
    fake.hang();

    const started = performance.now();
    const res = await request(app).get('/tags/design').set('User-Agent', BROWSER);
    const elapsedMs = performance.now() - started;

    // At most three attempts (retryLimit 2) of 400 ms and two back-offs, plus rendering;
    // fewer once five failures in a row open the circuit.
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^([1-9]|10)$/);
    expect(elapsedMs).toBeGreaterThanOrEqual(400);
    expect(elapsedMs).toBeLessThan(3 * 400 + backoffMs(1) + backoffMs(2) + 1000);
  }, 20_000);
});

describe('when Contentful rate-limits', () => {
  it('retries after X-Contentful-RateLimit-Reset and renders the page', async () => {
    fake = await startFakeContentful();
    const { app } = await createContentTestApp(fake.env);
    fake.rateLimit(2, 1);

    const started = performance.now();
    const res = await request(app).get('/tags/craft').set('User-Agent', BROWSER);
    const elapsedMs = performance.now() - started;

    expect(res.status).toBe(200);
    expect(fake.count((r) => r.status === 429)).toBe(2);
    expect(elapsedMs).toBeGreaterThanOrEqual(1000);
  }, 20_000);
});
