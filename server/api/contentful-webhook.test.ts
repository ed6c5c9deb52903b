import { setTimeout as delay } from 'node:timers/promises';

import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { entryOf, readDemoExport, startFakeContentful } from '../../tests/fakes/contentful.ts';
import { createContentTestApp, WEBHOOK_SECRET } from '../../tests/fakes/contentful-app.ts';
import { waitForRequestLog } from '../../tests/fakes/test-app.ts';

import type { FakeContentful, RawExport } from '../../tests/fakes/contentful.ts';
import type { ContentTestApp } from '../../tests/fakes/contentful-app.ts';
import type { LogLine } from '../../tests/fakes/test-app.ts';

/**
 * `POST /api/webhooks/contentful` on the real app over a fake Contentful, served from the app's replica of the space (ADR 061):
 * signatures made with Contentful's own signing code; a webhook makes the replica sync (the fake's space is edited as a publish
 * would), and invalidation is observed as fresh content, as pages the page cache still answers (HIT, same ETag) and as the one
 * `content invalidated` line a sync that applied changes logs. No visitor request reaches the fake, so none is counted.
 */
const PATH = '/api/webhooks/contentful';
const CONTENT_TYPE = 'application/vnd.contentful.management.v1+json';
/** Pages render the same for this host whatever port supertest picks, so the page cache takes part. */
const HOST = 'vitrine.test';
const ARTICLE = '/articles/oak-ash-walnut';

interface Delivery {
  topic: string;
  body: string;
  timestamp?: number;
  secret?: string;
}

type RawItem = RawExport['entries'][number];

/** An entry's CMA body as Contentful sends it on publish; `publishedCounter` is the revision the replica must reach (absent: any). */
function entryPayload(id: string, contentType: string, publishedCounter?: number): string {
  return JSON.stringify({
    sys: {
      type: 'Entry',
      id,
      contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } },
      ...(publishedCounter === undefined ? {} : { publishedCounter }),
    },
    fields: {},
  });
}

function signedHeaders({ topic, body, timestamp = Date.now(), secret = WEBHOOK_SECRET }: Delivery): Record<string, string> {
  const headers = { 'content-type': CONTENT_TYPE, 'x-contentful-topic': topic };
  return { ...headers, ...signRequest(secret, { method: 'POST', path: PATH, headers, body }, timestamp) };
}

function deliver(app: ContentTestApp['app'], delivery: Delivery, headers = signedHeaders(delivery)) {
  return request(app).post(PATH).set(headers).send(delivery.body);
}

/** Edits the fake's space as a publish in Contentful would (the changed items get the next `publishedCounter`); returns the edited export. */
function publish(fake: FakeContentful, edit: (data: RawExport) => void): RawExport {
  let edited: RawExport | undefined;
  fake.update((data) => {
    edit(data);
    edited = data;
  });
  if (!edited) throw new Error('the fake did not run the edit');
  return edited;
}

function itemOf(data: RawExport, id: string): RawItem {
  const item = [...data.entries, ...((data['assets'] ?? []) as RawItem[])].find((candidate) => candidate.sys.id === id);
  if (!item) throw new Error(`no entry or asset ${id} in the export`);
  return item;
}

/** The published revision of an entry or asset (the CMA's `publishedCounter`, the CDA's `sys.revision`). */
function revisionOf(data: RawExport, id: string): number {
  const revision = itemOf(data, id).sys['publishedCounter'];
  if (typeof revision !== 'number') throw new Error(`${id} has no publishedCounter`);
  return revision;
}

/** The `content invalidated` lines logged after the first `from` lines (one per sync that changed something). */
const invalidations = (logs: readonly LogLine[], from = 0) => logs.slice(from).filter((line) => line.msg === 'content invalidated');

/** GET `path` and say whether the page cache answered it. */
async function visit(t: ContentTestApp, path: string) {
  const res = await request(t.app).get(path).set('Host', HOST);
  const line = await waitForRequestLog(t.logs, res.headers['x-request-id'] as string);
  return { res, cache: line['cache'] };
}

/** Renders `path` and waits until the page cache serves it (it stores pages off the request path); returns that answer. */
async function cachePage(t: ContentTestApp, path: string) {
  await visit(t, path);
  for (let i = 0; i < 50; i++) {
    const page = await visit(t, path);
    if (page.cache === 'HIT') return page.res;
    await delay(10);
  }
  throw new Error(`${path} never came from the page cache`);
}

/** A fresh fake Contentful and a webhook-enabled app (logs captured) for each test of the enclosing describe. */
function useWebhookApp(): { fake: FakeContentful; t: ContentTestApp } {
  const ctx = {} as { fake: FakeContentful; t: ContentTestApp };
  beforeEach(async () => {
    ctx.fake = await startFakeContentful();
    ctx.t = await createContentTestApp({ ...ctx.fake.env, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET }, { captureLogs: true });
  });
  afterEach(async () => {
    await ctx.t.services.close();
    await ctx.fake.close();
  });
  return ctx;
}

describe('Contentful webhook: invalidation', () => {
  const ctx = useWebhookApp();

  it('answers a publish with 200 once the replica holds its revision and serves the changed entry fresh', async () => {
    await cachePage(ctx.t, ARTICLE);
    const data = publish(ctx.fake, (raw) => {
      entryOf(raw, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Oak, ash or walnut, revised' };
    });
    const revision = revisionOf(data, 'article-oak-ash-walnut');
    const cached = await visit(ctx.t, ARTICLE);
    const from = ctx.t.logs.length;

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Entry.publish', body: entryPayload('article-oak-ash-walnut', 'article', revision) });
    const fresh = await visit(ctx.t, ARTICLE);
    const lines = invalidations(ctx.t.logs, from);

    // Until the webhook, the replica has not synced: the cached page is still served.
    expect(cached.cache).toBe('HIT');
    expect(cached.res.text).not.toContain('Oak, ash or walnut, revised');
    expect(revision).toBe(revisionOf(readDemoExport(), 'article-oak-ash-walnut') + 1);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: { kind: 'Entry', id: 'article-oak-ash-walnut', revision } });
    expect(fresh.cache).toBe('MISS');
    expect(fresh.res.status).toBe(200);
    expect(fresh.res.text).toContain('<title>Oak, ash or walnut, revised · Vitrine</title>');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ changed: ['article-oak-ash-walnut'], affectedIds: expect.arrayContaining(['article-oak-ash-walnut']) });
    expect(lines[0]?.['cacheKeys']).toBeGreaterThan(0);
  });

  it('answers once the replica caught up with an entry the Sync API does not have yet', async () => {
    const listed = await cachePage(ctx.t, '/articles');
    const missing = await visit(ctx.t, '/articles/late-arrival');
    // The webhook comes first; the fake publishes the entry only 500 ms later, as a lagging Sync API would.
    const answer = deliver(ctx.t.app, { topic: 'ContentManagement.Entry.publish', body: entryPayload('article-late-arrival', 'article') }).then((res) => ({
      res,
      at: Date.now(),
    }));
    await delay(500);
    const publishedAt = Date.now();
    publish(ctx.fake, (raw) => {
      const source = entryOf(raw, 'article-rendering-light');
      const copy = structuredClone(source);
      copy.sys.id = 'article-late-arrival';
      copy.fields['title'] = { 'en-US': 'A late arrival' };
      copy.fields['slug'] = { 'en-US': 'late-arrival' };
      // The newest article, so the first page of the list shows it.
      copy.fields['publishDate'] = { 'en-US': new Date().toISOString().slice(0, 10) };
      raw.entries.push(copy);
    });

    const { res, at } = await answer;
    const page = await visit(ctx.t, '/articles/late-arrival');
    const list = await visit(ctx.t, '/articles');

    expect(missing.res.status).toBe(404);
    expect(listed.text).not.toContain('href="/articles/late-arrival"');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: { kind: 'Entry', id: 'article-late-arrival' } });
    // Not answered on the first sync (which did not have it), but after the one that brought it.
    expect(at).toBeGreaterThanOrEqual(publishedAt);
    expect(ctx.fake.count((r) => r.resource === '/sync')).toBeGreaterThan(2);
    expect(page.res.status).toBe(200);
    expect(page.res.text).toContain('<title>A late arrival · Vitrine</title>');
    expect(list.cache).toBe('MISS');
    expect(list.res.text).toContain('href="/articles/late-arrival"');
    expect(invalidations(ctx.t.logs)).toEqual([expect.objectContaining({ changed: ['article-late-arrival'] })]);
  });

  it('answers once the replica caught up with a revision the Sync API does not have yet', async () => {
    await cachePage(ctx.t, ARTICLE);
    // The webhook announces the next revision; the fake publishes it only 500 ms later, as a lagging Sync API would.
    const revision = revisionOf(readDemoExport(), 'article-oak-ash-walnut') + 1;
    const answer = deliver(ctx.t.app, {
      topic: 'ContentManagement.Entry.publish',
      body: entryPayload('article-oak-ash-walnut', 'article', revision),
    }).then((res) => ({ res, at: Date.now() }));
    await delay(500);
    const publishedAt = Date.now();
    const data = publish(ctx.fake, (raw) => {
      entryOf(raw, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Oak, ash or walnut, published late' };
    });

    const { res, at } = await answer;
    const fresh = await visit(ctx.t, ARTICLE);

    expect(revisionOf(data, 'article-oak-ash-walnut')).toBe(revision);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: { kind: 'Entry', id: 'article-oak-ash-walnut', revision } });
    // The first syncs found the old revision; the answer came with the one after the publish.
    expect(at).toBeGreaterThanOrEqual(publishedAt);
    expect(ctx.fake.count((r) => r.resource === '/sync')).toBeGreaterThan(2);
    expect(fresh.cache).toBe('MISS');
    expect(fresh.res.text).toContain('<title>Oak, ash or walnut, published late · Vitrine</title>');
    expect(invalidations(ctx.t.logs)).toEqual([expect.objectContaining({ changed: ['article-oak-ash-walnut'] })]);
  });

  it('invalidates the entries linking to the changed one and logs them', async () => {
    await cachePage(ctx.t, ARTICLE);
    await cachePage(ctx.t, '/models/ostra-lounge-chair');
    const linked = await request(ctx.t.app).get('/api/content/article/oak-ash-walnut');
    const data = publish(ctx.fake, (raw) => {
      entryOf(raw, 'model-ostra-lounge-chair').fields['name'] = { 'en-US': 'Ostra Chair, renamed' };
    });
    const from = ctx.t.logs.length;

    const res = await deliver(ctx.t.app, {
      topic: 'ContentManagement.Entry.publish',
      body: entryPayload('model-ostra-lounge-chair', 'model', revisionOf(data, 'model-ostra-lounge-chair')),
    });
    const model = await visit(ctx.t, '/models/ostra-lounge-chair');
    const articlePage = await visit(ctx.t, ARTICLE);
    const article = await request(ctx.t.app).get('/api/content/article/oak-ash-walnut');
    const lines = invalidations(ctx.t.logs, from);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: { kind: 'Entry', id: 'model-ostra-lounge-chair', revision: revisionOf(data, 'model-ostra-lounge-chair') } });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.['changed']).toEqual(['model-ostra-lounge-chair']);
    expect([...(lines[0]?.['affectedIds'] as string[])].sort()).toEqual([
      'article-behind-the-vitrine',
      'article-designed-to-be-taken-apart',
      'article-oak-ash-walnut',
      'article-two-hundred-photographs-of-a-chair',
      'model-ostra-lounge-chair',
    ]);
    expect(lines[0]?.['cacheKeys']).toBeGreaterThan(0);
    expect(model.cache).toBe('MISS');
    expect(model.res.text).toContain('<h1>Ostra Chair, renamed</h1>');
    // The linking article's cached page and content query went too: both show the new name.
    expect(articlePage.cache).toBe('MISS');
    expect(articlePage.res.text).toContain('Ostra Chair, renamed');
    expect(linked.body.body.links.entries['model-ostra-lounge-chair'].title).not.toBe('Ostra Chair, renamed');
    expect(article.body.body.links.entries['model-ostra-lounge-chair'].title).toBe('Ostra Chair, renamed');
  });

  it('leaves content that does not depend on the change cached', async () => {
    // The article's page links no model and lists none (its dependencies name neither the vase nor `type:model`).
    const unrelated = await cachePage(ctx.t, '/articles/rendering-light');
    const unrelatedJson = await request(ctx.t.app).get('/api/content/article/rendering-light');
    await cachePage(ctx.t, '/models/tide-vase');
    const data = publish(ctx.fake, (raw) => {
      entryOf(raw, 'model-tide-vase').fields['name'] = { 'en-US': 'Tide Vase, renamed' };
    });
    const from = ctx.t.logs.length;

    const res = await deliver(ctx.t.app, {
      topic: 'ContentManagement.Entry.publish',
      body: entryPayload('model-tide-vase', 'model', revisionOf(data, 'model-tide-vase')),
    });
    const vase = await visit(ctx.t, '/models/tide-vase');
    const after = await visit(ctx.t, '/articles/rendering-light');
    const afterJson = await request(ctx.t.app).get('/api/content/article/rendering-light');
    const lines = invalidations(ctx.t.logs, from);

    expect(res.status).toBe(200);
    expect(vase.cache).toBe('MISS');
    expect(vase.res.text).toContain('<h1>Tide Vase, renamed</h1>');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.['changed']).toEqual(['model-tide-vase']);
    expect(lines[0]?.['affectedIds']).toContain('model-tide-vase');
    expect(lines[0]?.['affectedIds']).not.toContain('article-rendering-light');
    expect(after.cache).toBe('HIT');
    expect(after.res.headers['etag']).toBe(unrelated.headers['etag']);
    expect(after.res.text).toBe(unrelated.text);
    expect(afterJson.headers['etag']).toBe(unrelatedJson.headers['etag']);
    expect(afterJson.text).toBe(unrelatedJson.text);
  });

  it('invalidates pages built from a changed asset', async () => {
    const before = await cachePage(ctx.t, ARTICLE);
    const data = publish(ctx.fake, (raw) => {
      itemOf(raw, 'hero-oak-ash-walnut').fields['description'] = { 'en-US': 'A new hero description' };
    });
    const revision = revisionOf(data, 'hero-oak-ash-walnut');
    const from = ctx.t.logs.length;

    // The CDA's name for the published revision: a payload may carry `revision` instead of `publishedCounter`.
    const res = await deliver(ctx.t.app, {
      topic: 'ContentManagement.Asset.publish',
      body: JSON.stringify({ sys: { type: 'Asset', id: 'hero-oak-ash-walnut', revision }, fields: {} }),
    });
    const after = await visit(ctx.t, ARTICLE);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: { kind: 'Asset', id: 'hero-oak-ash-walnut', revision } });
    expect(before.text).not.toContain('A new hero description');
    expect(after.cache).toBe('MISS');
    expect(after.res.text).toContain('A new hero description');
    expect(invalidations(ctx.t.logs, from)).toEqual([expect.objectContaining({ changed: ['hero-oak-ash-walnut'] })]);
  });

  it('drops an unpublished entry from the lists', async () => {
    const before = await request(ctx.t.app).get('/articles').set('Host', HOST);
    publish(ctx.fake, (data) => {
      data.entries = data.entries.filter((e) => e.sys.id !== 'article-behind-the-vitrine');
    });
    const from = ctx.t.logs.length;

    const res = await deliver(ctx.t.app, {
      topic: 'ContentManagement.Entry.unpublish',
      body: JSON.stringify({ sys: { type: 'DeletedEntry', id: 'article-behind-the-vitrine', contentType: { sys: { id: 'article' } } } }),
    });
    const after = await request(ctx.t.app).get('/articles').set('Host', HOST);
    const gone = await request(ctx.t.app).get('/articles/behind-the-vitrine').set('Host', HOST);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: { kind: 'Entry', id: 'article-behind-the-vitrine', gone: true } });
    expect(before.text).toContain('/articles/behind-the-vitrine');
    expect(after.text).not.toContain('href="/articles/behind-the-vitrine"');
    expect(gone.status).toBe(404);
    expect(invalidations(ctx.t.logs, from)).toEqual([expect.objectContaining({ changed: ['article-behind-the-vitrine'] })]);
  });

  it('answers an unknown topic with 202 and invalidates nothing', async () => {
    const cached = await cachePage(ctx.t, ARTICLE);
    ctx.fake.clearLog();
    const from = ctx.t.logs.length;

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Entry.auto_save', body: entryPayload('article-oak-ash-walnut', 'article') });
    const after = await visit(ctx.t, ARTICLE);

    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ignored: 'ContentManagement.Entry.auto_save' });
    // Not even a sync was started.
    expect(ctx.fake.count()).toBe(0);
    expect(after.cache).toBe('HIT');
    expect(after.res.headers['etag']).toBe(cached.headers['etag']);
    expect(invalidations(ctx.t.logs, from)).toEqual([]);
  });
});

type RawTag = { sys: { id: string }; name: string };
type RawConcept = { sys: { id: string }; prefLabel: Record<string, string> };

function tagOf(data: RawExport, id: string): RawTag {
  const tag = (data['tags'] as RawTag[]).find((t) => t.sys.id === id);
  if (!tag) throw new Error(`no tag ${id} in the export`);
  return tag;
}

function conceptOf(data: RawExport, id: string): RawConcept {
  const concept = (data['taxonomy'] as { concepts: RawConcept[] }).concepts.find((c) => c.sys.id === id);
  if (!concept) throw new Error(`no concept ${id} in the export`);
  return concept;
}

/** A tag's CMA body, as Contentful sends it with `ContentManagement.Tag.*`. */
function tagPayload(id: string, name: string): string {
  return JSON.stringify({ name, sys: { id, type: 'Tag', visibility: 'public', version: 2 } });
}

/** Entries carrying `craft` in the demo space. */
const CRAFT_ENTRIES = [
  'article-a-winter-week-in-the-workshop',
  'article-oak-ash-walnut',
  'article-what-the-kiln-decides',
  'model-carvers-mallet',
  'model-kerf-dining-table',
  'model-ostra-lounge-chair',
  'model-tide-vase',
  'model-tripod-stool',
  'model-turned-walnut-bowl',
];

describe('Contentful webhook: tags and taxonomy', () => {
  const ctx = useWebhookApp();
  const visitPage = (path: string) => visit(ctx.t, path);
  const cached = (path: string) => cachePage(ctx.t, path);

  /** The tags of an entry's search record in the embedded index. */
  async function searchTags(entryId: string): Promise<string[]> {
    const res = await request(ctx.t.app)
      .post('/1/indexes/vitrine_en-US/query')
      .send({ params: new URLSearchParams({ query: '', filters: `entryId:"${entryId}"`, hitsPerPage: '1' }).toString() });
    return (res.body as { hits: Array<{ tags: string[] }> }).hits[0]?.tags ?? [];
  }

  it('re-renders the pages showing a renamed tag with its new name and leaves the others cached', async () => {
    // `/search` without a query: a search for free text is never kept in the page cache (shared/canonical-url.ts).
    for (const path of ['/articles/oak-ash-walnut', '/tags/craft', '/models/tripod-stool', '/search', '/articles/rendering-light', '/about'])
      await cached(path);
    ctx.fake.update((data) => {
      tagOf(data, 'craft').name = 'Handcraft';
    });
    const from = ctx.t.logs.length;

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Tag.save', body: tagPayload('craft', 'Handcraft') });
    const article = await visitPage('/articles/oak-ash-walnut');
    const tagPage = await visitPage('/tags/craft');
    const model = await visitPage('/models/tripod-stool');
    const search = await visitPage('/search');
    const unrelated = await visitPage('/articles/rendering-light');
    const page = await visitPage('/about');
    const lines = invalidations(ctx.t.logs, from);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: 'model' });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.['changed']).toEqual(['craft']);
    expect([...(lines[0]?.['affectedIds'] as string[])].sort()).toEqual(CRAFT_ENTRIES);
    expect(lines[0]?.['cacheKeys']).toBeGreaterThan(0);
    expect(article.cache).toBe('MISS');
    expect(article.res.text).toContain('"name":"Handcraft"');
    expect(article.res.text).not.toContain('"name":"Craft"');
    expect(tagPage.cache).toBe('MISS');
    expect(tagPage.res.text).toContain('<title>#Handcraft · Vitrine</title>');
    expect(model.res.text).toContain('"name":"Handcraft"');
    expect(search.cache).toBe('MISS');
    expect(search.res.text).toContain('Handcraft');
    expect(unrelated.cache).toBe('HIT');
    expect(page.cache).toBe('HIT');
    expect(await searchTags('article-oak-ash-walnut')).toEqual(['Materials', 'Handcraft']);
  });

  it('lists a new tag after Tag.create', async () => {
    const before = await request(ctx.t.app).get('/api/content/tags');
    ctx.fake.update((data) => {
      const tags = data['tags'] as RawTag[];
      const design = tagOf(data, 'design');
      tags.push({ ...design, name: 'Joinery', sys: { ...design.sys, id: 'joinery' } });
    });
    const from = ctx.t.logs.length;

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Tag.create', body: tagPayload('joinery', 'Joinery') });
    const after = await request(ctx.t.app).get('/api/content/tags');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: 'model' });
    // No entry carries the new tag yet.
    expect(invalidations(ctx.t.logs, from)).toEqual([expect.objectContaining({ changed: ['joinery'], affectedIds: [] })]);
    expect(before.body.items).not.toContainEqual({ id: 'joinery', name: 'Joinery' });
    expect(after.body.items).toContainEqual({ id: 'joinery', name: 'Joinery' });
  });

  it('refreshes the pages and search records of the entries that carried a deleted tag', async () => {
    await cached('/articles/oak-ash-walnut');
    await cached('/privacy');
    ctx.fake.update((data) => {
      data['tags'] = (data['tags'] as RawTag[]).filter((tag) => tag.sys.id !== 'craft');
    });
    const from = ctx.t.logs.length;

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Tag.delete', body: JSON.stringify({ sys: { id: 'craft', type: 'Tag' } }) });
    const article = await visitPage('/articles/oak-ash-walnut');
    const unrelated = await visitPage('/privacy');
    const lines = invalidations(ctx.t.logs, from);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: 'model' });
    expect(lines).toHaveLength(1);
    // The entries that carried the tag no longer link it: they changed too.
    expect([...(lines[0]?.['changed'] as string[])].sort()).toEqual([...CRAFT_ENTRIES, 'craft'].sort());
    expect(lines[0]?.['affectedIds']).toEqual(expect.arrayContaining(CRAFT_ENTRIES));
    expect(article.cache).toBe('MISS');
    expect(article.res.text).not.toContain('"name":"Craft"');
    // Every list of articles or models may show those entries (`type:` dependencies); a legal page lists none of them.
    expect(unrelated.cache).toBe('HIT');
    expect(await searchTags('article-oak-ash-walnut')).toEqual(['Materials']);
    expect(await searchTags('model-carvers-mallet')).toEqual([]);
  });

  it('re-renders the pages showing a relabelled concept and leaves pages without categories cached', async () => {
    await cached('/models/ostra-lounge-chair');
    await cached('/models');
    await cached('/articles/oak-ash-walnut');
    ctx.fake.update((data) => {
      conceptOf(data, 'chairs').prefLabel['en-US'] = 'Armchairs';
    });
    const from = ctx.t.logs.length;

    const res = await deliver(ctx.t.app, {
      topic: 'ContentManagement.TaxonomyConcept.publish',
      body: JSON.stringify({ sys: { id: 'chairs', type: 'TaxonomyConcept' }, prefLabel: { 'en-US': 'Armchairs' } }),
    });
    const model = await visitPage('/models/ostra-lounge-chair');
    const models = await visitPage('/models');
    const article = await visitPage('/articles/oak-ash-walnut');
    const lines = invalidations(ctx.t.logs, from);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: 'model' });
    // One marker for the whole taxonomy; search records carry no categories.
    expect(lines).toEqual([expect.objectContaining({ changed: ['taxonomy'], affectedIds: [] })]);
    expect(lines[0]?.['cacheKeys']).toBeGreaterThan(0);
    expect(model.cache).toBe('MISS');
    expect(model.res.text).toContain('Furniture › Seating › Armchairs');
    expect(models.cache).toBe('MISS');
    expect(models.res.text).toContain('"label":"Armchairs"');
    expect(article.cache).toBe('HIT');
  });

  it('treats a concept scheme change as a change of the taxonomy', async () => {
    await cached('/models');
    const scheme = JSON.stringify({ sys: { id: 'product-categories', type: 'TaxonomyConceptScheme' } });

    // A save that changed nothing the replica serves invalidates nothing.
    const quiet = ctx.t.logs.length;
    const unchanged = await deliver(ctx.t.app, { topic: 'ContentManagement.TaxonomyConceptScheme.save', body: scheme });
    const kept = await visitPage('/models');
    ctx.fake.update((data) => {
      conceptOf(data, 'chairs').prefLabel['en-US'] = 'Armchairs';
    });
    const from = ctx.t.logs.length;
    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.TaxonomyConceptScheme.save', body: scheme });
    const models = await visitPage('/models');

    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual({ synced: 'model' });
    expect(kept.cache).toBe('HIT');
    expect(invalidations(ctx.t.logs.slice(0, from), quiet)).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: 'model' });
    expect(invalidations(ctx.t.logs, from)).toEqual([expect.objectContaining({ changed: ['taxonomy'], affectedIds: [] })]);
    expect(models.cache).toBe('MISS');
    expect(models.res.text).toContain('"label":"Armchairs"');
  });

  it.each([
    ['ContentManagement.Tag.save', { name: 'Craft', sys: { type: 'Tag' } }, 'Webhook body has no sys.id of a tag'],
    ['ContentManagement.Tag.delete', { sys: { id: 'craft,design', type: 'Tag' } }, 'Webhook body has no sys.id of a tag'],
    ['ContentManagement.TaxonomyConcept.save', { sys: { type: 'TaxonomyConcept' } }, 'Webhook body has no sys.id of a taxonomy concept'],
    ['ContentManagement.TaxonomyConceptScheme.delete', { sys: { id: 7 } }, 'Webhook body has no sys.id of a concept scheme'],
  ])('answers %s without a usable sys.id with 400', async (topic, payload, message) => {
    const res = await deliver(ctx.t.app, { topic, body: JSON.stringify(payload) });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });
});

describe('Contentful webhook: verification', () => {
  let fake: FakeContentful;
  let t: ContentTestApp;
  const body = entryPayload('article-oak-ash-walnut', 'article');
  const topic = 'ContentManagement.Entry.publish';

  beforeAll(async () => {
    fake = await startFakeContentful();
    t = await createContentTestApp({ ...fake.env, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET, MAX_BODY_BYTES: '2048' });
  });

  afterAll(async () => {
    await t.services.close();
    await fake.close();
  });

  it('answers a tampered body with 401', async () => {
    const headers = signedHeaders({ topic, body });

    const res = await deliver(t.app, { topic, body: body.replace('article-oak-ash-walnut', 'article-rendering-light') }, headers);

    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Webhook signature does not match');
  });

  it('answers a tampered topic with 401', async () => {
    const headers = signedHeaders({ topic, body });

    const res = await deliver(t.app, { topic, body }, { ...headers, 'x-contentful-topic': 'ContentManagement.Entry.delete' });

    expect(res.status).toBe(401);
  });

  it('answers a signature made with another secret with 401', async () => {
    const res = await deliver(t.app, { topic, body, secret: 'x'.repeat(64) });

    expect(res.status).toBe(401);
  });

  it.each(['x-contentful-signature', 'x-contentful-timestamp', 'x-contentful-signed-headers'])('answers a request without %s with 401', async (name) => {
    const headers = signedHeaders({ topic, body });
    delete headers[name];

    const res = await deliver(t.app, { topic, body }, headers);

    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Missing Contentful signature headers');
  });

  it('answers a request signed more than 30 s ago with 401', async () => {
    const res = await deliver(t.app, { topic, body, timestamp: Date.now() - 31_000 });

    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Webhook request expired');
  });

  it('accepts a request signed a few seconds ago', async () => {
    const res = await deliver(t.app, { topic, body, timestamp: Date.now() - 5_000 });

    expect(res.status).toBe(200);
  });

  it('answers a body over MAX_BODY_BYTES with 413', async () => {
    const big = JSON.stringify({ sys: { type: 'Entry', id: 'article-oak-ash-walnut' }, fields: { padding: 'x'.repeat(4096) } });

    const res = await deliver(t.app, { topic, body: big });

    expect(res.status).toBe(413);
  });

  it('answers a signed body that is not JSON with 400', async () => {
    const res = await deliver(t.app, { topic, body: 'not json' });

    expect(res.status).toBe(400);
  });

  it('answers a signed JSON body that is not an object with 400', async () => {
    const res = await deliver(t.app, { topic, body: 'null' });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Webhook body is not a JSON object');
  });

  it.each([
    ['no sys.id', { sys: { type: 'Entry' } }],
    ['a sys.id that is not a Contentful id', { sys: { type: 'Entry', id: 'article-oak-ash-walnut,page-about' } }],
    ['a numeric sys.id', { sys: { type: 'Entry', id: 7 } }],
  ])('answers an entry topic whose body has %s with 400', async (_what, payload) => {
    const res = await deliver(t.app, { topic, body: JSON.stringify(payload) });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Webhook body has no sys.id and sys.type of an entry');
  });

  it('answers an asset topic whose body has no sys.id with 400', async () => {
    const res = await deliver(t.app, { topic: 'ContentManagement.Asset.publish', body: JSON.stringify({ sys: { type: 'Asset' } }) });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Webhook body has no sys.id and sys.type of an asset');
  });

  it('answers an entry topic whose body is another kind of entity with 400', async () => {
    const res = await deliver(t.app, { topic, body: JSON.stringify({ sys: { type: 'ContentType', id: 'article' } }) });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Webhook body has no sys.id and sys.type of an entry');
  });

  it.each([
    // Tags are never published (Tag.create, Tag.save, Tag.delete are their topics).
    ['ContentManagement.Tag.publish', { sys: { type: 'Tag', id: 'design' }, name: 'Design' }],
    ['ContentManagement.TaxonomyConcept.auto_save', { sys: { type: 'TaxonomyConcept', id: 'chairs' } }],
    // A saved (unpublished) content type changes nothing delivered; publish re-checks the content model (tests/integration/space-check.test.ts).
    ['ContentManagement.ContentType.save', { sys: { type: 'ContentType', id: 'article' } }],
    ['ContentManagement.Entry.create', { sys: { type: 'Entry', id: 'new-entry' } }],
  ])('acknowledges %s with 202 without acting on it', async (otherTopic, payload) => {
    const res = await deliver(t.app, { topic: otherTopic, body: JSON.stringify(payload) });

    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ignored: otherTopic });
  });

  it('answers GET with 405 or 404, never runs the handler', async () => {
    const res = await request(t.app).get(PATH).set('Accept', 'application/json');

    expect([404, 405]).toContain(res.status);
  });
});

describe('Contentful webhook: not configured', () => {
  it('answers 404 without CONTENTFUL_WEBHOOK_SECRET', async () => {
    const t = await createContentTestApp();

    const res = await deliver(t.app, { topic: 'ContentManagement.Entry.publish', body: entryPayload('article-oak-ash-walnut', 'article') });

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
