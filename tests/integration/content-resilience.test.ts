import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';

import { startFakeContentful } from '../fakes/contentful.ts';
import { createContentTestApp, WEBHOOK_SECRET } from '../fakes/contentful-app.ts';

import type { Express } from 'express';
import type { ContentTestApp } from '../fakes/contentful-app.ts';
import type { FakeContentful } from '../fakes/contentful.ts';

/**
 * The content replica (ADR 061) as a visitor and an operator meet it when Contentful misbehaves at start or during a sync:
 * the site comes up either way, answers 503 until a first replica exists, and a failed sync is one log line while the last
 * replica keeps serving. tests/security/upstream-faults.test.ts covers every fault after the start, preview and a restart.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0';
const SYNC_FAILED = 'content sync failed; the last replica keeps serving';
const WEBHOOK = '/api/webhooks/contentful';
/** Where a test is not about the per-request timeout, one a busy machine's start-up sync never meets. No poll: syncs run when a test says. */
const base = { CONTENTFUL_TIMEOUT_MS: '2000', CONTENTFUL_SYNC_POLL_MS: '0', SSR_ABORT_MS: '1500' };
/** CONTENTFUL_TIMEOUT_MS where a test is about it: short, yet long enough for the sync after a recovery on a busy machine. */
const TIMEOUT_MS = 500;

/** Polls `check` every 20 ms until it holds (bounded), so a test waits on a condition, not a guessed sleep. */
async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function signedWebhook(app: Express, topic: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': topic };
  const signed = { ...headers, ...signRequest(WEBHOOK_SECRET, { method: 'POST', path: WEBHOOK, headers, body }, Date.now()) };
  return request(app).post(WEBHOOK).set(signed).send(body);
}

const isReady = async (app: Express) => (await request(app).get('/readyz')).status === 200;

let fake: FakeContentful;
let t: ContentTestApp | undefined;
afterEach(async () => {
  await t?.services.close();
  t = undefined;
  await fake.close();
});

describe('a start while Contentful rate-limits', () => {
  it('waits out X-Contentful-RateLimit-Reset, then serves the site', async () => {
    fake = await startFakeContentful();
    fake.rateLimit(2, 1);
    const started = Date.now();

    t = await createContentTestApp({ ...fake.env, ...base }, { waitForSearch: false });
    // The first sync met the 429s; the next waits the second they asked for.
    const waiting = await request(t.app).get('/tags/craft').set('User-Agent', BROWSER);
    await waitFor(() => isReady(t!.app));
    const readyAfterMs = Date.now() - started;
    const page = await request(t.app).get('/tags/craft').set('User-Agent', BROWSER);

    expect(waiting.status).toBe(503);
    expect(waiting.headers['retry-after']).toBe('30');
    expect(fake.count((r) => r.status === 429)).toBe(2);
    expect(readyAfterMs).toBeGreaterThanOrEqual(1000);
    expect(page.status).toBe(200);
    expect(page.text).toContain('class="site-header"');
  }, 20_000);
});

describe('a start while Contentful hangs', () => {
  it('gives up on the first sync after CONTENTFUL_TIMEOUT_MS, answers 503 until synced, then serves the site', async () => {
    fake = await startFakeContentful();
    fake.hang();
    const started = Date.now();

    t = await createContentTestApp({ ...fake.env, ...base, CONTENTFUL_TIMEOUT_MS: String(TIMEOUT_MS) }, { waitForSearch: false });
    const upAfterMs = Date.now() - started;
    const page = await request(t.app).get('/models/halo-pendant').set('User-Agent', BROWSER);
    const readyz = await request(t.app).get('/readyz');
    fake.recover();
    await waitFor(() => isReady(t!.app));
    const after = await request(t.app).get('/models/halo-pendant').set('User-Agent', BROWSER);

    expect(upAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(upAfterMs).toBeLessThan(TIMEOUT_MS + 1500);
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBe('30');
    expect(page.text).toContain('class="error-page"');
    expect(readyz.status).toBe(503);
    expect(readyz.body.dependencies.content.replica).toMatchObject({ ready: false, source: 'none', lastError: expect.stringContaining(`${TIMEOUT_MS} ms`) });
    expect(after.status).toBe(200);
    expect(after.text).toContain('<h1>Halo Pendant</h1>');
  }, 20_000);
});

describe('a sync that fails', () => {
  it('is one log line, and the last replica keeps serving', async () => {
    fake = await startFakeContentful();
    t = await createContentTestApp({ ...fake.env, ...base, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET }, { captureLogs: true });
    fake.fail(503);
    fake.clearLog();
    const before = t.logs.length;

    // A content type publish: the replica reads the model again and delta-syncs, once, before the webhook answers.
    const webhook = await signedWebhook(t.app, 'ContentManagement.ContentType.publish', { sys: { type: 'ContentType', id: 'article' } });
    const page = await request(t.app).get('/articles/rendering-light').set('User-Agent', BROWSER);
    const logged = t.logs.slice(before).filter((line) => line.level >= 40);

    expect(webhook.status).toBe(200);
    expect(fake.count()).toBeGreaterThan(0);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, module: 'replica', msg: SYNC_FAILED, reason: 'upstream-failed', servingFrom: 'sync' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Lamps are the hardest things to photograph</h1>');
  }, 20_000);
});
