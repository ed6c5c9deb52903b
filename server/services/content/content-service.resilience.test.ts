import { afterEach, describe, expect, it } from 'vitest';

import { entryOf, startFakeContentful } from '../../../tests/fakes/contentful.ts';
import { createTestContentService } from '../../../tests/fakes/contentful-service.ts';
import { ContentUnavailableError } from './errors.ts';

import type { FakeContentful, FakeRequest } from '../../../tests/fakes/contentful.ts';
import type { TestContentServiceOptions } from '../../../tests/fakes/contentful-service.ts';
import type { QueryOptions } from '#shared/data/content-api.ts';

/**
 * The content cache and the upstream guard's retries against Contentful over
 * the wire (the fake): coalescing, stale-while-revalidate, stale-if-error,
 * 429s, timeouts, deadlines, preview and invalidation, counted in upstream requests.
 */
const en: QueryOptions = { locale: 'en-US', preview: false };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let fake: FakeContentful;
afterEach(async () => {
  await fake.close();
});

async function setup(options: Omit<TestContentServiceOptions, 'fake'> = {}) {
  fake = await startFakeContentful();
  return createTestContentService({ fake, ...options });
}

const articleQuery = (slug: string) => (r: FakeRequest) =>
  r.resource === '/entries' && r.query['fields.slug'] === slug && r.query['content_type'] === 'article';

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

describe('ContentService over the wire: cache', () => {
  it('sends one upstream request for many concurrent identical misses', async () => {
    const { content } = await setup();
    fake.delay(50);

    const results = await Promise.all(Array.from({ length: 12 }, () => content.getArticle('oak-ash-walnut', en)));

    expect(new Set(results.map((r) => r?.id))).toEqual(new Set(['article-oak-ash-walnut']));
    expect(fake.count(articleQuery('oak-ash-walnut'))).toBe(1);
  });

  it('serves a cached result without asking again', async () => {
    const { content } = await setup();
    await content.getArticle('oak-ash-walnut', en);

    await content.getArticle('oak-ash-walnut', en);

    expect(fake.count(articleQuery('oak-ash-walnut'))).toBe(1);
  });

  it('serves the stale value at once after the TTL and refreshes it with one background request', async () => {
    const { content } = await setup({ ttlMs: 150 });
    await content.getArticle('oak-ash-walnut', en);
    fake.update((data) => {
      entryOf(data, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Oak, renamed', 'de-DE': 'Eiche, umbenannt' };
    });
    fake.delay(500);
    await sleep(200);

    const started = performance.now();
    const stale = await Promise.all([content.getArticle('oak-ash-walnut', en), content.getArticle('oak-ash-walnut', en)]);
    const elapsedMs = performance.now() - started;
    await waitFor(() => fake.count((r) => articleQuery('oak-ash-walnut')(r) && r.status === 200) === 2);
    await sleep(30);
    const fresh = await content.getArticle('oak-ash-walnut', en);

    expect(stale.map((a) => a?.title)).toEqual([
      'Oak, ash or walnut: choosing a hardwood you can live with',
      'Oak, ash or walnut: choosing a hardwood you can live with',
    ]);
    expect(elapsedMs).toBeLessThan(250);
    expect(fresh?.title).toBe('Oak, renamed');
    expect(fake.count(articleQuery('oak-ash-walnut'))).toBe(2);
  });

  it('keeps serving the cached value while Contentful fails (stale-if-error)', async () => {
    const { content } = await setup({ ttlMs: 50, retryLimit: 0 });
    const before = await content.getArticle('oak-ash-walnut', en);
    fake.fail(500);
    await sleep(80);

    const during = await content.getArticle('oak-ash-walnut', en);
    await waitFor(() => fake.requests.some((r) => articleQuery('oak-ash-walnut')(r) && r.status === 500));
    const after = await content.getArticle('oak-ash-walnut', en);

    expect(during).toEqual(before);
    expect(after).toEqual(before);
  });

  it('answers 503 for a query never cached while Contentful is down', async () => {
    const { content } = await setup({ retryLimit: 0 });
    fake.fail(503);

    expect(await rejectionStatus(content.getArticle('oak-ash-walnut', en))).toBe(503);
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

  it('asks Contentful again for an invalidated query only', async () => {
    const { content } = await setup();
    await Promise.all([content.getArticle('oak-ash-walnut', en), content.getArticle('rendering-light', en)]);
    fake.update((data) => {
      entryOf(data, 'model-kerf-dining-table').fields['name'] = { 'en-US': 'Kerf Table, renamed' };
    });

    content.invalidate(['model-kerf-dining-table']);
    const [oak] = await Promise.all([content.getArticle('oak-ash-walnut', en), content.getArticle('rendering-light', en)]);

    expect(oak?.body.links.entries['model-kerf-dining-table']?.title).toBe('Kerf Table, renamed');
    expect(fake.count(articleQuery('oak-ash-walnut'))).toBe(2);
    expect(fake.count(articleQuery('rendering-light'))).toBe(1);
  });
});

describe('ContentService over the wire: retries and deadlines', () => {
  it('retries a 429 after X-Contentful-RateLimit-Reset', async () => {
    const { content, sdkLog } = await setup();
    fake.rateLimit(1, 1);

    const started = performance.now();
    const article = await content.getArticle('oak-ash-walnut', en);
    const elapsedMs = performance.now() - started;

    expect(article?.id).toBe('article-oak-ash-walnut');
    expect(elapsedMs).toBeGreaterThanOrEqual(1000);
    expect(fake.requests.filter((r) => r.status === 429)).toHaveLength(1);
    // The upstream guard retries (ADR 015); the SDK's own retries are off.
    expect(sdkLog).toEqual([]);
  });

  it('gives up on a hanging Contentful after the timeout and retry budget', async () => {
    const { content } = await setup({ timeoutMs: 200, retryLimit: 1 });
    await content.listTags(en);
    fake.hang();
    fake.clearLog();

    const started = performance.now();
    const status = await rejectionStatus(content.getArticle('oak-ash-walnut', en));
    const elapsedMs = performance.now() - started;

    // Two attempts of 200 ms and one back-off of at most 200 ms (the guard's first).
    expect(status).toBe(503);
    expect(elapsedMs).toBeGreaterThanOrEqual(400);
    expect(elapsedMs).toBeLessThan(200 * 2 + 200 + 300);
    expect(fake.count(articleQuery('oak-ash-walnut'))).toBe(2);
  });

  it('answers 503 at the deadline, before the timeout and retries are spent', async () => {
    const { content } = await setup({ timeoutMs: 5000 });
    await content.listTags(en);
    fake.hang();
    const deadline = { signal: AbortSignal.timeout(300), expiresAt: Date.now() + 300 };

    const started = performance.now();
    const status = await rejectionStatus(content.getArticle('oak-ash-walnut', { ...en, deadline }));
    const elapsedMs = performance.now() - started;

    expect(status).toBe(503);
    expect(elapsedMs).toBeLessThan(300 + 150);
    expect(fake.count(articleQuery('oak-ash-walnut'))).toBe(1);
    await waitFor(() => fake.inFlight === 0);
  });

  it('rejects at once when the caller aborts, whatever Contentful does', async () => {
    const { content } = await setup();
    fake.hang();
    const controller = new AbortController();

    const started = performance.now();
    const pending = content.getArticle('oak-ash-walnut', { ...en, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client went away')), 30);

    await expect(pending).rejects.toThrow('client went away');
    expect(performance.now() - started).toBeLessThan(1000);
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
  it('reads drafts through the Preview API', async () => {
    const { content } = await setup();

    const [published, draft] = await Promise.all([
      content.getArticle('spring-collection-preview', en),
      content.getArticle('spring-collection-preview', { ...en, preview: true }),
    ]);

    expect(published).toBeNull();
    expect(draft).toMatchObject({ title: 'Draft: a first look at the spring collection' });
    expect(fake.requests.filter((r) => r.preview && articleQuery('spring-collection-preview')(r))).toHaveLength(1);
  });

  it('bypasses the cache in preview', async () => {
    const { content } = await setup();

    await content.getArticle('oak-ash-walnut', { ...en, preview: true });
    await content.getArticle('oak-ash-walnut', { ...en, preview: true });
    await content.getArticle('oak-ash-walnut', en);

    expect(fake.requests.filter((r) => r.preview && articleQuery('oak-ash-walnut')(r))).toHaveLength(2);
    expect(fake.requests.filter((r) => !r.preview && articleQuery('oak-ash-walnut')(r))).toHaveLength(1);
  });

  it('lists the draft among the articles in preview only', async () => {
    const { content } = await setup();

    const [published, preview] = await Promise.all([content.listArticles({ limit: 100 }, en), content.listArticles({ limit: 100 }, { ...en, preview: true })]);

    expect(published.total).toBe(12);
    expect(preview.total).toBe(13);
    expect(preview.items.map((a) => a.slug)).toContain('spring-collection-preview');
    expect(preview.items.flatMap((a) => a.tags.map((t) => t.id))).not.toContain('internalReview');
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
