import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SITE_KEY } from '#server/services/cdn/surrogate-keys.ts';
import { createContentTestApp, WEBHOOK_SECRET } from '../../tests/fakes/contentful-app.ts';
import { FASTLY_TOKEN, startFakeCdn } from '../../tests/fakes/fake-cdn/index.ts';
import { waitForRequestLog } from '../../tests/fakes/test-app.ts';

import type { ContentTestApp } from '../../tests/fakes/contentful-app.ts';
import type { FakeCdn } from '../../tests/fakes/fake-cdn/index.ts';

/**
 * CDN_PURGE=fastly on the real app over the embedded demo space: pages and route data carry their content ids as
 * Surrogate-Key and Cache-Tag (from the page cache too), and a signed webhook purges the changed entry's keys at the
 * wire-level Fastly fake after the local caches, without the answer waiting for it.
 */
const PATH = '/api/webhooks/contentful';
const HOST = 'vitrine.test';
const ARTICLE = '/articles/oak-ash-walnut';

let cdn: FakeCdn;
let t: ContentTestApp;
beforeAll(async () => {
  cdn = await startFakeCdn();
  t = await createContentTestApp({ CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET, ...cdn.env('fastly') }, { captureLogs: true });
}, 60_000);
afterAll(async () => {
  await t.services.close();
  await cdn.close();
});

function deliver(topic: string, body: object) {
  const text = JSON.stringify(body);
  const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': topic };
  const signed = signRequest(WEBHOOK_SECRET, { method: 'POST', path: PATH, headers, body: text }, Date.now());
  return request(t.app)
    .post(PATH)
    .set({ ...headers, ...signed })
    .send(text);
}

const keysOf = (header: string | undefined) => (header ?? '').split(' ');

describe('CDN keys and purge', () => {
  it('tags a rendered page, the same page from the page cache and its route data with the content it was built from', async () => {
    const cacheOf = async (res: request.Response) => (await waitForRequestLog(t.logs, res.headers['x-request-id'] as string))['cache'];
    const rendered = await request(t.app).get(ARTICLE).set('Host', HOST);
    // The page is stored once its compression is done, off the request path: a busy machine may answer one more miss first.
    let cached = await request(t.app).get(ARTICLE).set('Host', HOST);
    for (let attempt = 0; attempt < 50 && (await cacheOf(cached)) !== 'HIT'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      cached = await request(t.app).get(ARTICLE).set('Host', HOST);
    }
    const data = await request(t.app).get(`/_data${ARTICLE}?_routes=en,article`).set('Host', HOST);

    expect([await cacheOf(rendered), await cacheOf(cached)]).toEqual(['MISS', 'HIT']);
    expect(keysOf(rendered.headers['surrogate-key'])).toEqual(expect.arrayContaining([SITE_KEY, 'article-oak-ash-walnut', 'hero-oak-ash-walnut']));
    expect(rendered.headers['cache-tag']).toBe(rendered.headers['surrogate-key']?.replaceAll(' ', ','));
    expect(cached.headers['surrogate-key']).toBe(rendered.headers['surrogate-key']);
    expect(cached.headers['cache-tag']).toBe(rendered.headers['cache-tag']);
    expect(keysOf(data.headers['surrogate-key'])).toEqual(expect.arrayContaining([SITE_KEY, 'article-oak-ash-walnut']));
  });

  it('sends no keys on a response no shared cache may keep', async () => {
    const missing = await request(t.app).get('/articles/no-such-article').set('Host', HOST);

    expect(missing.status).toBe(404);
    expect(missing.headers['surrogate-key']).toBeUndefined();
    expect(missing.headers['cache-tag']).toBeUndefined();
  });

  it('purges the keys of a published entry and of what links to it at the CDN', async () => {
    const before = cdn.requests.length;
    const res = await deliver('ContentManagement.Entry.publish', {
      sys: { type: 'Entry', id: 'model-ostra-lounge-chair', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'model' } } },
    });
    const [purge] = (await cdn.received(before + 1)).slice(before);

    expect(res.status).toBe(200);
    expect(purge?.path).toMatch(/^\/service\/\w+\/purge$/);
    expect(purge?.headers['fastly-key']).toBe(FASTLY_TOKEN);
    expect(keysOf(purge?.headers['surrogate-key'] as string)).toEqual(
      expect.arrayContaining(['model-ostra-lounge-chair', 'article-oak-ash-walnut', 'type.model']),
    );
    expect(keysOf(purge?.headers['surrogate-key'] as string)).not.toContain(SITE_KEY);
  });

  it('purges the whole site when a content type changes', async () => {
    const before = cdn.requests.length;
    const res = await deliver('ContentManagement.ContentType.publish', { sys: { type: 'ContentType', id: 'article' } });
    const [purge] = (await cdn.received(before + 1)).slice(before);

    expect(res.status).toBe(200);
    expect(purge?.headers['surrogate-key']).toBe(SITE_KEY);
    expect(JSON.stringify(t.logs)).not.toContain(FASTLY_TOKEN);
  });
});
