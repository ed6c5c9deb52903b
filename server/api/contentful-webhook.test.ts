import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { entryOf, startFakeContentful } from '../../tests/fakes/contentful.ts';
import { createContentTestApp, WEBHOOK_SECRET } from '../../tests/fakes/contentful-app.ts';
import { waitForRequestLog } from '../../tests/fakes/test-app.ts';

import type { FakeContentful, FakeRequest, RawExport } from '../../tests/fakes/contentful.ts';
import type { ContentTestApp } from '../../tests/fakes/contentful-app.ts';

/**
 * `POST /api/webhooks/contentful` on the real app over a fake Contentful:
 * signatures made with Contentful's own signing code, invalidation observed
 * as fresh content (the fake's space is edited as a publish would) and as
 * upstream requests.
 */
const PATH = '/api/webhooks/contentful';
const CONTENT_TYPE = 'application/vnd.contentful.management.v1+json';
/** Pages render the same for this host whatever port supertest picks, so the page cache takes part. */
const HOST = 'vitrine.test';

interface Delivery {
  topic: string;
  body: string;
  timestamp?: number;
  secret?: string;
}

function entryPayload(id: string, contentType: string): string {
  return JSON.stringify({
    sys: { type: 'Entry', id, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } }, revision: 3 },
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

const articleQuery = (slug: string) => (r: FakeRequest) => r.resource === '/entries' && r.query['fields.slug'] === slug && !r.preview;

/** A fresh fake Contentful and a webhook-enabled app (logs captured) for each test of the enclosing describe. */
function useWebhookApp(): { fake: FakeContentful; t: ContentTestApp } {
  const ctx = {} as { fake: FakeContentful; t: ContentTestApp };
  beforeEach(async () => {
    ctx.fake = await startFakeContentful();
    ctx.t = await createContentTestApp({ ...ctx.fake.env, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET }, { captureLogs: true });
  });
  afterEach(async () => {
    await ctx.fake.close();
  });
  return ctx;
}

describe('Contentful webhook: invalidation', () => {
  const ctx = useWebhookApp();

  it('answers a valid publish with 200 and serves the changed entry fresh', async () => {
    await request(ctx.t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    ctx.fake.update((data) => {
      entryOf(data, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Oak, ash or walnut, revised' };
    });
    const cached = await request(ctx.t.app).get('/articles/oak-ash-walnut').set('Host', HOST);

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Entry.publish', body: entryPayload('article-oak-ash-walnut', 'article') });
    const fresh = await request(ctx.t.app).get('/articles/oak-ash-walnut').set('Host', HOST);

    expect(cached.text).not.toContain('Oak, ash or walnut, revised');
    expect(res.status).toBe(200);
    expect(res.body.invalidated).toContain('article-oak-ash-walnut');
    expect(fresh.status).toBe(200);
    expect(fresh.text).toContain('<title>Oak, ash or walnut, revised · Vitrine</title>');
  });

  it('invalidates the entries linking to the changed one and logs them', async () => {
    await request(ctx.t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    await request(ctx.t.app).get('/models/ostra-lounge-chair').set('Host', HOST);
    ctx.fake.update((data) => {
      entryOf(data, 'model-ostra-lounge-chair').fields['name'] = { 'en-US': 'Ostra Chair, renamed' };
    });
    ctx.fake.clearLog();

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Entry.publish', body: entryPayload('model-ostra-lounge-chair', 'model') });
    const model = await request(ctx.t.app).get('/models/ostra-lounge-chair').set('Host', HOST);
    const article = await request(ctx.t.app).get('/api/content/article/oak-ash-walnut');
    const line = ctx.t.logs.find((l) => l.msg === 'content invalidated');

    expect(res.status).toBe(200);
    expect([...(res.body.invalidated as string[])].sort()).toEqual([
      'article-behind-the-vitrine',
      'article-designed-to-be-taken-apart',
      'article-oak-ash-walnut',
      'article-two-hundred-photographs-of-a-chair',
      'model-ostra-lounge-chair',
    ]);
    expect(model.text).toContain('<h1>Ostra Chair, renamed</h1>');
    expect(article.body.body.links.entries['model-ostra-lounge-chair'].title).toBe('Ostra Chair, renamed');
    expect(ctx.fake.count((r) => articleQuery('oak-ash-walnut')(r) && r.query['locale'] === 'en-US')).toBe(1);
    expect(line).toMatchObject({ id: 'model-ostra-lounge-chair', topic: 'ContentManagement.Entry.publish', contentType: 'model' });
    expect(line?.['linking']).toEqual(expect.arrayContaining(['article-oak-ash-walnut', 'article-two-hundred-photographs-of-a-chair']));
  });

  it('leaves content that does not depend on the change cached', async () => {
    await request(ctx.t.app).get('/articles/rendering-light').set('Host', HOST);
    await request(ctx.t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    ctx.fake.clearLog();

    await deliver(ctx.t.app, { topic: 'ContentManagement.Entry.publish', body: entryPayload('page-privacy', 'page') });
    await request(ctx.t.app).get('/articles/rendering-light').set('Host', HOST);

    expect(ctx.fake.count(articleQuery('rendering-light'))).toBe(0);
  });

  it('invalidates pages built from a changed asset', async () => {
    await request(ctx.t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    ctx.fake.update((data) => {
      const assets = data['assets'] as Array<{ sys: { id: string }; fields: Record<string, Record<string, unknown>> }>;
      const hero = assets.find((a) => a.sys.id === 'hero-oak-ash-walnut');
      if (!hero) throw new Error('no hero asset');
      hero.fields['description'] = { 'en-US': 'A new hero description' };
    });
    ctx.fake.clearLog();

    const res = await deliver(ctx.t.app, {
      topic: 'ContentManagement.Asset.publish',
      body: JSON.stringify({ sys: { type: 'Asset', id: 'hero-oak-ash-walnut' }, fields: {} }),
    });
    await request(ctx.t.app).get('/articles/oak-ash-walnut').set('Host', HOST);

    expect(res.status).toBe(200);
    expect(ctx.fake.count((r) => articleQuery('oak-ash-walnut')(r) && r.query['locale'] === 'en-US')).toBe(1);
  });

  it('drops an unpublished entry from the lists', async () => {
    const before = await request(ctx.t.app).get('/articles').set('Host', HOST);
    ctx.fake.update((data) => {
      data.entries = data.entries.filter((e) => e.sys.id !== 'article-behind-the-vitrine');
    });

    const res = await deliver(ctx.t.app, {
      topic: 'ContentManagement.Entry.unpublish',
      body: JSON.stringify({ sys: { type: 'DeletedEntry', id: 'article-behind-the-vitrine', contentType: { sys: { id: 'article' } } } }),
    });
    const after = await request(ctx.t.app).get('/articles').set('Host', HOST);
    const gone = await request(ctx.t.app).get('/articles/behind-the-vitrine').set('Host', HOST);

    expect(res.status).toBe(200);
    expect(before.text).toContain('/articles/behind-the-vitrine');
    expect(after.text).not.toContain('href="/articles/behind-the-vitrine"');
    expect(gone.status).toBe(404);
  });

  it('answers an unknown topic with 202 and invalidates nothing', async () => {
    await request(ctx.t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    ctx.fake.clearLog();

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Entry.auto_save', body: entryPayload('article-oak-ash-walnut', 'article') });
    await request(ctx.t.app).get('/articles/oak-ash-walnut').set('Host', HOST);

    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ignored: 'ContentManagement.Entry.auto_save' });
    expect(ctx.fake.count(articleQuery('oak-ash-walnut'))).toBe(0);
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

  /** GET `path` and say whether the page cache answered it. */
  async function visit(path: string) {
    const res = await request(ctx.t.app).get(path).set('Host', HOST);
    const line = await waitForRequestLog(ctx.t.logs, res.headers['x-request-id'] as string);
    return { res, cache: line['cache'] };
  }

  /** Renders `path` and waits until the page cache serves it (it stores pages off the request path). */
  async function cachePage(path: string): Promise<void> {
    await visit(path);
    for (let i = 0; i < 50; i++) {
      if ((await visit(path)).cache === 'HIT') return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${path} never came from the page cache`);
  }

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
      await cachePage(path);
    ctx.fake.update((data) => {
      tagOf(data, 'craft').name = 'Handcraft';
    });

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Tag.save', body: tagPayload('craft', 'Handcraft') });
    const article = await visit('/articles/oak-ash-walnut');
    const tagPage = await visit('/tags/craft');
    const model = await visit('/models/tripod-stool');
    const search = await visit('/search');
    const unrelated = await visit('/articles/rendering-light');
    const page = await visit('/about');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invalidated: ['tag:craft', 'tags'] });
    expect([...(res.body.affectedIds as string[])].sort()).toEqual(CRAFT_ENTRIES);
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
    expect(ctx.t.logs.find((l) => l.msg === 'content invalidated')).toMatchObject({
      topic: 'ContentManagement.Tag.save',
      id: 'craft',
      entityType: 'Tag',
      markers: ['tag:craft', 'tags'],
    });
  });

  it('lists a new tag after Tag.create', async () => {
    const before = await request(ctx.t.app).get('/api/content/tags');
    ctx.fake.update((data) => {
      const tags = data['tags'] as RawTag[];
      const design = tagOf(data, 'design');
      tags.push({ ...design, name: 'Joinery', sys: { ...design.sys, id: 'joinery' } });
    });

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Tag.create', body: tagPayload('joinery', 'Joinery') });
    const after = await request(ctx.t.app).get('/api/content/tags');

    expect(res.status).toBe(200);
    expect(res.body.affectedIds).toEqual([]);
    expect(before.body.items).not.toContainEqual({ id: 'joinery', name: 'Joinery' });
    expect(after.body.items).toContainEqual({ id: 'joinery', name: 'Joinery' });
  });

  it('refreshes the pages and search records of the entries that carried a deleted tag', async () => {
    await cachePage('/articles/oak-ash-walnut');
    await cachePage('/articles/rendering-light');
    ctx.fake.update((data) => {
      data['tags'] = (data['tags'] as RawTag[]).filter((tag) => tag.sys.id !== 'craft');
    });

    const res = await deliver(ctx.t.app, { topic: 'ContentManagement.Tag.delete', body: JSON.stringify({ sys: { id: 'craft', type: 'Tag' } }) });
    const article = await visit('/articles/oak-ash-walnut');
    const unrelated = await visit('/articles/rendering-light');

    expect(res.status).toBe(200);
    expect([...(res.body.affectedIds as string[])].sort()).toEqual(CRAFT_ENTRIES);
    expect(article.cache).toBe('MISS');
    expect(article.res.text).not.toContain('"name":"Craft"');
    expect(unrelated.cache).toBe('HIT');
    expect(await searchTags('article-oak-ash-walnut')).toEqual(['Materials']);
    expect(await searchTags('model-carvers-mallet')).toEqual([]);
  });

  it('re-renders the pages showing a relabelled concept and leaves pages without categories cached', async () => {
    await cachePage('/models/ostra-lounge-chair');
    await cachePage('/models');
    await cachePage('/articles/oak-ash-walnut');
    ctx.fake.update((data) => {
      conceptOf(data, 'chairs').prefLabel['en-US'] = 'Armchairs';
    });

    const res = await deliver(ctx.t.app, {
      topic: 'ContentManagement.TaxonomyConcept.publish',
      body: JSON.stringify({ sys: { id: 'chairs', type: 'TaxonomyConcept' }, prefLabel: { 'en-US': 'Armchairs' } }),
    });
    const model = await visit('/models/ostra-lounge-chair');
    const models = await visit('/models');
    const article = await visit('/articles/oak-ash-walnut');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invalidated: ['taxonomy'], affectedIds: [], cacheKeys: expect.any(Number) });
    expect(model.cache).toBe('MISS');
    expect(model.res.text).toContain('Furniture › Seating › Armchairs');
    expect(models.cache).toBe('MISS');
    expect(models.res.text).toContain('"label":"Armchairs"');
    expect(article.cache).toBe('HIT');
  });

  it('treats a concept scheme change as a change of the taxonomy', async () => {
    await cachePage('/models');

    const res = await deliver(ctx.t.app, {
      topic: 'ContentManagement.TaxonomyConceptScheme.save',
      body: JSON.stringify({ sys: { id: 'product-categories', type: 'TaxonomyConceptScheme' } }),
    });
    const models = await visit('/models');

    expect(res.status).toBe(200);
    expect(res.body.invalidated).toEqual(['taxonomy']);
    expect(models.cache).toBe('MISS');
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

  it('answers an entry topic whose body has no entry or asset with 400', async () => {
    const res = await deliver(t.app, { topic, body: JSON.stringify({ sys: { type: 'ContentType', id: 'article' } }) });

    expect(res.status).toBe(400);
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
