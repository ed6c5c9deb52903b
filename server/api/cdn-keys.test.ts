import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { KEY_BUDGET, purgeKeysOf, SITE_KEY } from '#server/services/cdn/surrogate-keys.ts';
import { createContentTestApp, WEBHOOK_SECRET } from '../../tests/fakes/contentful-app.ts';
import { startFakeCdn } from '../../tests/fakes/fake-cdn/index.ts';

import type { ContentTestApp } from '../../tests/fakes/contentful-app.ts';
import type { FakeCdn } from '../../tests/fakes/fake-cdn/index.ts';

/**
 * ADR 052 beyond the pages: the JSON content API, the RSS feeds and the sitemap are cacheable too, so they carry the content
 * they were built from as Surrogate-Key / Cache-Tag, and a webhook's purge at the (wire-level Fastly) CDN covers them.
 */
const PATH = '/api/webhooks/contentful';
const HOST = 'vitrine.test';

let cdn: FakeCdn;
let t: ContentTestApp;
beforeAll(async () => {
  cdn = await startFakeCdn();
  t = await createContentTestApp({ CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET, ...cdn.env('fastly') });
}, 60_000);
afterAll(async () => {
  await t.services.close();
  await cdn.close();
});

const get = (url: string) => request(t.app).get(url).set('Host', HOST);
const keysOf = (header: unknown) => (typeof header === 'string' ? header.split(' ') : []);

/** Publishes `id` by signed webhook and returns the keys the CDN was asked to purge. */
async function publish(id: string, contentType: string): Promise<string[]> {
  const body = JSON.stringify({ sys: { type: 'Entry', id, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } } } });
  const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' };
  const signed = signRequest(WEBHOOK_SECRET, { method: 'POST', path: PATH, headers, body }, Date.now());
  const before = cdn.requests.length;
  const res = await request(t.app)
    .post(PATH)
    .set({ ...headers, ...signed })
    .send(body);
  expect(res.status).toBe(200);
  const [purge] = (await cdn.received(before + 1)).slice(before);
  return keysOf(purge?.headers['surrogate-key']);
}

const shared = (a: readonly string[], b: readonly string[]) => a.filter((key) => b.includes(key));
/** True when a purge of `dep` reaches an answer carrying `keys` (it names the dependency's key and its bucket). */
const coveredBy = (keys: readonly string[], dep: string) => shared(keys, purgeKeysOf([dep])).length > 0;

describe('surrogate keys on the content API, feeds and sitemap', () => {
  it('names the entry, its linked assets and its content type on a JSON entry, the same in both headers', async () => {
    const res = await get('/api/content/article/oak-ash-walnut');

    expect(res.status).toBe(200);
    expect(keysOf(res.headers['surrogate-key'])).toEqual(expect.arrayContaining([SITE_KEY, 'article-oak-ash-walnut', 'hero-oak-ash-walnut', 'type.article']));
    expect(res.headers['cache-tag']).toBe(res.headers['surrogate-key']?.replaceAll(' ', ','));
  });

  it('covers every listed entry on a JSON list: by its key, or by its bucket when the list is too big for one key per id', async () => {
    const res = await get('/api/content/articles?limit=100');
    const keys = keysOf(res.headers['surrogate-key']);

    expect(res.body.items.length).toBeGreaterThan(1);
    expect(res.headers['surrogate-key']?.length).toBeLessThanOrEqual(KEY_BUDGET);
    expect(coveredBy(keys, 'type:article')).toBe(true);
    for (const item of res.body.items as Array<{ id: string }>) expect([item.id, coveredBy(keys, item.id)]).toEqual([item.id, true]);
    expect(keysOf((await get('/api/content/pages')).headers['surrogate-key'])).toEqual([SITE_KEY, 'type.page']);
  });

  it('carries no keys on an answer no shared cache may keep', async () => {
    const missing = await get('/api/content/article/no-such-article');
    const bad = await get('/api/content/articles?locale=xx');

    expect([missing.status, bad.status]).toEqual([404, 400]);
    for (const res of [missing, bad]) expect([res.headers['surrogate-key'], res.headers['cache-tag']]).toEqual([undefined, undefined]);
  });

  it('covers the articles and the site settings on the RSS feed, and the listed content on the sitemap', async () => {
    const articles = (await get('/api/content/articles?limit=100')).body.items as Array<{ id: string }>;
    const rss = keysOf((await get('/rss.xml')).headers['surrogate-key']);
    const sitemap = keysOf((await get('/sitemap.xml')).headers['surrogate-key']);

    for (const id of [...articles.map((a) => a.id), 'site-settings', 'type:siteSettings']) expect([id, coveredBy(rss, id)]).toEqual([id, true]);
    // Page titles and slugs come from a select query that records the content type, which every page change names too.
    for (const id of [...articles.map((a) => a.id), 'type:article', 'type:page', 'type:model']) expect([id, coveredBy(sitemap, id)]).toEqual([id, true]);
    expect([rss[0], sitemap[0]]).toEqual([SITE_KEY, SITE_KEY]);
  });

  it('purges keys that the feed, the sitemap and the JSON answers carry when an article they list is published', async () => {
    const answers = ['/rss.xml', '/sitemap.xml', '/api/content/articles', '/api/content/article/oak-ash-walnut'];
    const carried = await Promise.all(answers.map(async (url) => keysOf((await get(url)).headers['surrogate-key'])));

    const purged = await publish('article-oak-ash-walnut', 'article');

    for (const [i, keys] of carried.entries()) expect({ url: answers[i], purged: shared(keys, purged).length > 0 }).toEqual({ url: answers[i], purged: true });
    expect(purged).not.toContain(SITE_KEY);
  });

  it('purges the sitemap when a page it lists is published, and not an article that does not link to the page', async () => {
    const sitemap = keysOf((await get('/sitemap.xml')).headers['surrogate-key']);
    const article = keysOf((await get('/api/content/article/oak-ash-walnut')).headers['surrogate-key']);

    const purged = await publish('page-about', 'page');

    expect(shared(sitemap, purged).length).toBeGreaterThan(0);
    expect(shared(article, purged)).toEqual([]);
  });
});
