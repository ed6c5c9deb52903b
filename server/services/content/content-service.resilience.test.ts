import { afterEach, describe, expect, it, vi } from 'vitest';

import { entryOf, startFakeContentful } from '../../../tests/fakes/contentful.ts';
import { createTestContentService } from '../../../tests/fakes/contentful-service.ts';
import { ContentUnavailableError } from './errors.ts';

import type { FakeContentful, FakeRequest } from '../../../tests/fakes/contentful.ts';
import type { TestContentServiceOptions } from '../../../tests/fakes/contentful-service.ts';
import type { CdaRequest } from '#server/embedded/contentful/engine.ts';
import type { QueryOptions } from '#shared/data/content-api.ts';

/**
 * ContentService over a replica of a Contentful space (the fake, ADR 061): delivery reads the replica in process through the
 * content cache (coalescing, stale-while-revalidate, invalidation), so no visitor's query reaches Contentful, and Contentful
 * failing or hanging changes nothing it serves. Preview still goes to the Preview API per request: its timeout, the request's
 * deadline and aborts apply there.
 */
const en: QueryOptions = { locale: 'en-US', preview: false };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OAK_TITLE = 'Oak, ash or walnut: choosing a hardwood you can live with';

let fake: FakeContentful;
afterEach(async () => {
  await fake.close();
});

/** The service over a fresh fake, and the queries its replica answered since (the delivery client's only reader). */
async function setup(options: Omit<TestContentServiceOptions, 'fake'> = {}) {
  fake = await startFakeContentful();
  const service = await createTestContentService({ fake, ...options });
  const engine = service.clients.engine;
  if (!engine) throw new Error('the replica did not start');
  const handle = vi.spyOn(engine, 'handle');
  const replicaReads = (filter: (request: CdaRequest) => boolean) => handle.mock.calls.filter(([request]) => filter(request)).length;
  // What the start-up sync asked is not what the tests count.
  fake.clearLog();
  return { ...service, replicaReads };
}

/** The article query for `slug`, as the fake logged it (`resource`) or the replica's engine was asked it (`path`). */
const articleQuery = (slug: string) => (r: { resource?: string; path?: string; query: Readonly<Record<string, string | undefined>> }) =>
  (r.resource ?? r.path ?? '').endsWith('/entries') && r.query['fields.slug'] === slug && r.query['content_type'] === 'article';

/** Requests to Contentful other than the replica's syncs (its Sync API pages and model reads). */
const notSync = (r: FakeRequest) => r.resource !== '/sync' && !['/content_types', '/locales', '/tags', '/taxonomy/concepts'].includes(r.resource);

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** The status of what a content query rejected with (503 for the service's ContentUnavailableError). */
async function rejectionStatus(promise: Promise<unknown>): Promise<number | string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof ContentUnavailableError ? 503 : String(error);
  }
}

describe('ContentService over a replica: cache', () => {
  it('answers many concurrent identical misses with one replica read and no request to Contentful', async () => {
    const { content, replicaReads } = await setup();

    const results = await Promise.all(Array.from({ length: 12 }, () => content.getArticle('oak-ash-walnut', en)));

    expect(new Set(results.map((r) => r?.id))).toEqual(new Set(['article-oak-ash-walnut']));
    expect(replicaReads(articleQuery('oak-ash-walnut'))).toBe(1);
    expect(fake.count()).toBe(0);
  });

  it('serves a cached result without reading the replica again', async () => {
    const { content, replicaReads } = await setup();
    await content.getArticle('oak-ash-walnut', en);

    await content.getArticle('oak-ash-walnut', en);

    expect(replicaReads(articleQuery('oak-ash-walnut'))).toBe(1);
    expect(fake.count()).toBe(0);
  });

  it('serves the stale value after the TTL and refreshes it from the replica with one background read', async () => {
    const { content, replicaReads, sync } = await setup({ ttlMs: 150 });
    await content.getArticle('oak-ash-walnut', en);
    fake.update((data) => {
      entryOf(data, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Oak, renamed', 'de-DE': 'Eiche, umbenannt' };
    });
    // The replica holds the edit; nothing invalidated the cached article (the app does that on the sync's changes).
    await sync();
    fake.clearLog();
    await sleep(200);

    const stale = await Promise.all([content.getArticle('oak-ash-walnut', en), content.getArticle('oak-ash-walnut', en)]);
    await waitFor(() => replicaReads(articleQuery('oak-ash-walnut')) === 2);
    await sleep(30);
    const fresh = await content.getArticle('oak-ash-walnut', en);

    expect(stale.map((a) => a?.title)).toEqual([OAK_TITLE, OAK_TITLE]);
    expect(fresh?.title).toBe('Oak, renamed');
    expect(replicaReads(articleQuery('oak-ash-walnut'))).toBe(2);
    expect(fake.count()).toBe(0);
  });

  it('drops exactly the cached queries built from an invalidated entry', async () => {
    const { content } = await setup();
    await Promise.all([
      content.getArticle('oak-ash-walnut', en),
      content.getArticle('rendering-light', en),
      content.getModel('ostra-lounge-chair', en),
      content.getModel('halo-pendant', en),
      content.getPage('about', en),
      content.getPage('visit', en),
      content.listModels({ featured: true }, en),
      content.listModels({ category: 'lighting' }, en),
    ]);

    const dropped = content.invalidate(['model-ostra-lounge-chair']);

    // The about page links the article that embeds every model, so its included entries reach the chair.
    expect(dropped.sort()).toEqual(['article:oak-ash-walnut|en-US', 'model:ostra-lounge-chair|en-US', 'models::true:|en-US', 'page:about|en-US']);
  });

  it('reads the replica again for an invalidated query only, and serves what the last sync brought', async () => {
    const { content, replicaReads, sync } = await setup();
    await Promise.all([content.getArticle('oak-ash-walnut', en), content.getArticle('rendering-light', en)]);
    fake.update((data) => {
      entryOf(data, 'model-kerf-dining-table').fields['name'] = { 'en-US': 'Kerf Table, renamed' };
    });
    await sync();
    fake.clearLog();
    const cached = await content.getArticle('oak-ash-walnut', en);

    content.invalidate(['model-kerf-dining-table']);
    const [oak] = await Promise.all([content.getArticle('oak-ash-walnut', en), content.getArticle('rendering-light', en)]);

    expect(cached?.body.links.entries['model-kerf-dining-table']?.title).not.toBe('Kerf Table, renamed');
    expect(oak?.body.links.entries['model-kerf-dining-table']?.title).toBe('Kerf Table, renamed');
    expect(replicaReads(articleQuery('oak-ash-walnut'))).toBe(2);
    expect(replicaReads(articleQuery('rendering-light'))).toBe(1);
    expect(fake.count()).toBe(0);
  });
});

describe('ContentService over a replica: Contentful down', () => {
  it('serves queries cached or not while Contentful fails; the failed sync keeps the replica', async () => {
    const { content, clients, sync } = await setup({ ttlMs: 50 });
    const before = await content.getArticle('oak-ash-walnut', en);
    fake.fail(500);

    await sync();
    await sleep(80);
    const during = await content.getArticle('oak-ash-walnut', en);
    const neverCached = await content.getArticle('rendering-light', en);
    const models = await content.listModels({ category: 'lighting' }, en);

    expect(during).toEqual(before);
    expect(neverCached?.id).toBe('article-rendering-light');
    expect(models.length).toBeGreaterThan(0);
    expect(fake.requests.some((r) => r.status === 500)).toBe(true);
    expect(fake.count(notSync)).toBe(0);
    expect(clients.replica?.status()).toMatchObject({ ready: true, source: 'sync', lastError: expect.stringContaining('500') });
  });

  it('answers at once while Contentful hangs, during a sync that waits for it', async () => {
    const { content, clients, sync } = await setup({ timeoutMs: 2000 });
    fake.hang();
    const syncing = sync();
    await waitFor(() => fake.inFlight > 0);

    const started = performance.now();
    const [article, page] = await Promise.all([content.getArticle('rendering-light', en), content.getPage('about', en)]);
    const elapsedMs = performance.now() - started;
    await syncing;

    expect(article?.id).toBe('article-rendering-light');
    expect(page).not.toBeNull();
    // Long before the sync's requests time out.
    expect(elapsedMs).toBeLessThan(1000);
    expect(fake.count(notSync)).toBe(0);
    expect(clients.replica?.status()).toMatchObject({ ready: true, lastError: expect.stringContaining('no answer from Contentful within 2000 ms') });
  });

  it('rejects an already aborted signal at once', async () => {
    const { content } = await setup();
    fake.hang();

    const started = performance.now();
    await expect(content.getPage('about', { ...en, signal: AbortSignal.abort(new Error('aborted before')) })).rejects.toThrow('aborted before');
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('ContentService over the wire: preview', () => {
  const previewOf = (slug: string) => (r: FakeRequest) => r.preview && articleQuery(slug)(r);
  /** What went to the Preview API, each resource once: nothing retried (a preview reads tags and concepts before the entries). */
  const askedOnce = () => {
    const asked = fake.requests.filter((r) => r.preview).map((r) => `${r.resource}?${new URLSearchParams(r.query).toString()}`);
    return asked.length > 0 && new Set(asked).size === asked.length;
  };

  it('reads drafts through the Preview API', async () => {
    const { content } = await setup();

    const [published, draft] = await Promise.all([
      content.getArticle('spring-collection-preview', en),
      content.getArticle('spring-collection-preview', { ...en, preview: true }),
    ]);

    expect(published).toBeNull();
    expect(draft).toMatchObject({ title: 'Draft: a first look at the spring collection' });
    expect(fake.count(previewOf('spring-collection-preview'))).toBe(1);
    expect(fake.count((r) => !r.preview)).toBe(0);
  });

  it('bypasses the cache in preview', async () => {
    const { content, replicaReads } = await setup();

    await content.getArticle('oak-ash-walnut', { ...en, preview: true });
    await content.getArticle('oak-ash-walnut', { ...en, preview: true });
    await content.getArticle('oak-ash-walnut', en);
    await content.getArticle('oak-ash-walnut', en);

    expect(fake.count(previewOf('oak-ash-walnut'))).toBe(2);
    expect(fake.count((r) => !r.preview)).toBe(0);
    expect(replicaReads(articleQuery('oak-ash-walnut'))).toBe(1);
  });

  it('lists the draft among the articles in preview only', async () => {
    const { content } = await setup();

    const [published, preview] = await Promise.all([content.listArticles({ limit: 100 }, en), content.listArticles({ limit: 100 }, { ...en, preview: true })]);

    expect(published.total).toBe(12);
    expect(preview.total).toBe(13);
    expect(preview.items.map((a) => a.slug)).toContain('spring-collection-preview');
    expect(preview.items.flatMap((a) => a.tags.map((t) => t.id))).not.toContain('internalReview');
  });

  it('answers 503 at once for a rate-limited preview: neither the SDK nor anything else waits out the limit', async () => {
    const { content, sdkLog } = await setup();
    fake.rateLimit(1, 30);

    const started = performance.now();
    const status = await rejectionStatus(content.getArticle('oak-ash-walnut', { ...en, preview: true }));
    const elapsedMs = performance.now() - started;

    expect(status).toBe(503);
    expect(elapsedMs).toBeLessThan(1000);
    expect(fake.requests.filter((r) => r.status === 429)).toHaveLength(1);
    expect(askedOnce()).toBe(true);
    expect(sdkLog).toEqual([]);
    // The next preview is asked again, and the limit is over.
    expect(await content.getArticle('oak-ash-walnut', { ...en, preview: true })).toMatchObject({ id: 'article-oak-ash-walnut' });
  });

  it('gives up on a hanging Preview API after the timeout, with one request; delivery answers meanwhile', async () => {
    const { content } = await setup({ timeoutMs: 500 });
    fake.hang();

    const started = performance.now();
    const [status, published] = await Promise.all([
      rejectionStatus(content.getArticle('oak-ash-walnut', { ...en, preview: true })),
      content.getArticle('oak-ash-walnut', en).then((article) => ({ article, ms: performance.now() - started })),
    ]);
    const elapsedMs = performance.now() - started;

    expect(status).toBe(503);
    expect(elapsedMs).toBeGreaterThanOrEqual(490);
    expect(elapsedMs).toBeLessThan(500 + 300);
    expect(askedOnce()).toBe(true);
    expect(fake.count((r) => !r.preview)).toBe(0);
    expect(published.article?.title).toBe(OAK_TITLE);
    expect(published.ms).toBeLessThan(400);
  });

  it('answers 503 at the deadline, before the timeout is spent', async () => {
    const { content } = await setup({ timeoutMs: 5000 });
    fake.hang();
    const deadline = { signal: AbortSignal.timeout(300), expiresAt: Date.now() + 300 };

    const started = performance.now();
    const status = await rejectionStatus(content.getArticle('oak-ash-walnut', { ...en, preview: true, deadline }));
    const elapsedMs = performance.now() - started;

    expect(status).toBe(503);
    expect(elapsedMs).toBeLessThan(300 + 150);
    expect(askedOnce()).toBe(true);
    await waitFor(() => fake.inFlight === 0);
  });

  it('rejects at once when the caller aborts, whatever the Preview API does', async () => {
    const { content } = await setup();
    fake.hang();
    const controller = new AbortController();

    const started = performance.now();
    const pending = content.getArticle('oak-ash-walnut', { ...en, preview: true, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client went away')), 30);

    await expect(pending).rejects.toThrow('client went away');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('ContentService in process: preview and abort', () => {
  it('reads drafts through the embedded Preview API and bypasses the cache', async () => {
    fake = await startFakeContentful();
    const { content } = await createTestContentService();

    const draft = await content.getArticle('spring-collection-preview', { ...en, preview: true });
    const published = await content.getArticle('spring-collection-preview', en);

    expect(draft?.id).toBe('article-spring-collection-preview');
    expect(published).toBeNull();
  });

  it('rejects an aborted signal', async () => {
    fake = await startFakeContentful();
    const { content } = await createTestContentService();

    await expect(content.listModels({}, { ...en, signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
  });
});
