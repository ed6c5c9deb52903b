import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createContentTestApp, WEBHOOK_SECRET } from '../fakes/contentful-app.ts';
import { DEMO_SPACE, readDemoExport, startFakeContentful } from '../fakes/contentful.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';
import type { FakeContentful, RawExport } from '../fakes/contentful.ts';

// A real-world space without Vitrine's content model (a German blog): the site says so everywhere, in both modes (ADR 038).
const FOREIGN_FILE = fileURLToPath(new URL('../fixtures/contentful/foreign-space-export.json', import.meta.url));
const readForeign = () => JSON.parse(readFileSync(FOREIGN_FILE, 'utf8').replaceAll('blog-space', DEMO_SPACE)) as RawExport;

const EXPECTED_ERRORS = [
  'content type siteSettings: missing',
  'page.slug: must be a Symbol (is a Text)',
  'page.body: missing',
  'content type article: missing',
  'content type model: missing',
  'locale en-US: not in space',
];
const lines = (problems: { path: string; message: string }[]) => problems.map(({ path, message }) => `${path}: ${message}`);
const HOST = 'vitrine.test';
const get = (t: ContentTestApp, path: string) => request(t.app).get(path).set('Host', HOST);

/** Every surface of a space that is not set up: styled page, JSON, feeds, probes. */
async function expectNotSetUp(t: ContentTestApp): Promise<void> {
  const page = await get(t, '/models').set('Accept', 'text/html');
  expect(page.status).toBe(503);
  expect(page.headers['cache-control']).toBe('no-store');
  expect(page.text).toContain('<h1>This site is not set up yet</h1>');
  expect(page.text).toContain('<code>npm run setup</code>');
  expect(page.text).toContain('<li><code>page.slug</code>: must be a Symbol (is a Text)</li>');
  expect(page.text).not.toContain('<script');
  const nonce = /<style nonce="([^"]+)">/.exec(page.text)?.[1];
  expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);

  for (const path of ['/api/content/articles', '/_data/models']) {
    const json = await get(t, path);
    expect(json.status, path).toBe(503);
    expect(json.body.error.message).toMatch(/not set up yet.*npm run setup/);
    expect(lines(json.body.problems)).toEqual(EXPECTED_ERRORS);
  }
  for (const path of ['/sitemap.xml', '/rss.xml']) expect((await get(t, path)).status, path).toBe(503);

  const ready = await get(t, '/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ status: 'not-ready', reason: 'content model does not match: run npm run setup' });
  expect(lines(ready.body.problems)).toEqual(EXPECTED_ERRORS);
  expect(lines(ready.body.warnings)).toContain('taxonomy: no taxonomy concepts (models have no categories)');
  expect(ready.body.dependencies.search).toMatchObject({ ready: false, detail: 'waiting for the content model' });
  expect((await get(t, '/healthz')).status).toBe(200);
}

describe('content-model check, embedded export (CONTENT_EXPORT_FILE)', () => {
  let t: ContentTestApp;
  beforeAll(async () => {
    t = await createContentTestApp({ CONTENT_EXPORT_FILE: FOREIGN_FILE }, { captureLogs: true });
  }, 60_000);

  it('answers every page, API, feed and probe with what does not match and the fix', async () => {
    await expectNotSetUp(t);
  });

  it('logs every problem once at start, in one structured line', () => {
    const logged = t.logs.filter((line) => line['module'] === 'space-check' && line['state'] === 'not-set-up');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.['errors']).toEqual(EXPECTED_ERRORS);
    expect(logged[0]?.['msg']).toMatch(/^content model does not match Vitrine \(6 problems\): content type siteSettings: missing; .* Run npm run setup/);
  });
});

describe('content-model check, live space (fake CDA over http)', () => {
  let fake: FakeContentful;
  let t: ContentTestApp;
  beforeAll(async () => {
    fake = await startFakeContentful({ data: readForeign() });
    t = await createContentTestApp({ ...fake.env, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET });
  }, 60_000);
  afterAll(() => fake.close());

  it('is not set up while the space lacks the model, and comes alive when a content type is published', { timeout: 60_000 }, async () => {
    await expectNotSetUp(t);

    // `npm run setup` ran: the space has the model now, and Contentful announces the published content type.
    fake.update((data) => Object.assign(data, readDemoExport()));
    const body = JSON.stringify({ sys: { type: 'ContentType', id: 'article' } });
    const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.ContentType.publish' };
    const signed = signRequest(WEBHOOK_SECRET, { method: 'POST', path: '/api/webhooks/contentful', headers, body }, Date.now());
    const hook = await request(t.app)
      .post('/api/webhooks/contentful')
      .set('Host', HOST)
      .set({ ...headers, ...signed })
      .send(body);
    expect(hook.status).toBe(200);
    expect(hook.body).toEqual({ checked: 'content model', state: 'ready' });

    expect((await get(t, '/models').set('Accept', 'text/html')).status).toBe(200);
    expect((await get(t, '/api/content/articles')).status).toBe(200);
    expect((await get(t, '/sitemap.xml')).status).toBe(200);
    expect(t.services.appDeps.readiness()['content']).toMatchObject({ mode: 'contentful', ready: true });
    // The search index, which waited instead of retrying every 30 s, builds now.
    await vi.waitFor(() => expect(t.services.appDeps.readiness()['search']).toMatchObject({ ready: true }), { timeout: 50_000, interval: 20 });
    expect((await get(t, '/readyz')).status).toBe(200);
  });
});

describe('content-model check, a space with only en-US', () => {
  let fake: FakeContentful;
  let t: ContentTestApp;
  beforeAll(async () => {
    const data = readDemoExport();
    data['locales'] = (data['locales'] as { code: string }[]).filter((locale) => locale.code === 'en-US');
    fake = await startFakeContentful({ data });
    t = await createContentTestApp({ ...fake.env, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET });
  }, 60_000);
  afterAll(() => fake.close());

  const searchGerman = () =>
    request(t.app)
      .post('/1/indexes/*/queries')
      .set('Host', HOST)
      .send({ requests: [{ indexName: 'vitrine_de-DE', params: 'query=' }] });

  it('is ready, serves English, and names the dropped locale as a warning', async () => {
    const ready = await get(t, '/readyz');
    expect(ready.status).toBe(200);
    expect(lines(ready.body.warnings)).toContain('locale de-DE: not in space (its routes are dropped)');
    expect(ready.body.problems).toBeUndefined();
    expect((await get(t, '/models').set('Accept', 'text/html')).status).toBe(200);
    expect((await get(t, '/de/models').set('Accept', 'text/html')).status).toBe(404);
  });

  it('serves German pages and builds the German index once the space gains de-DE (Locale webhook), without a restart', { timeout: 60_000 }, async () => {
    await vi.waitFor(() => expect(t.services.appDeps.readiness()['search']).toMatchObject({ ready: true }), { timeout: 50_000, interval: 20 });
    expect((await searchGerman()).status).toBe(404);

    fake.update((data) => Object.assign(data, { locales: readDemoExport()['locales'] }));
    const body = JSON.stringify({ sys: { type: 'Locale', id: 'de' } });
    const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Locale.create' };
    const signed = signRequest(WEBHOOK_SECRET, { method: 'POST', path: '/api/webhooks/contentful', headers, body }, Date.now());
    expect(
      (
        await request(t.app)
          .post('/api/webhooks/contentful')
          .set('Host', HOST)
          .set({ ...headers, ...signed })
          .send(body)
      ).status,
    ).toBe(200);

    expect((await get(t, '/de/models').set('Accept', 'text/html')).status).toBe(200);
    await vi.waitFor(
      async () => {
        const german = await searchGerman();
        expect(german.status).toBe(200);
        expect(german.body.results[0].nbHits).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 500 },
    );
  });
});
