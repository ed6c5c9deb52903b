import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { entryOf, startFakeContentful } from '../../tests/fakes/contentful.ts';
import { createContentTestApp, WEBHOOK_SECRET } from '../../tests/fakes/contentful-app.ts';

import type { FakeContentful, FakeRequest } from '../../tests/fakes/contentful.ts';
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
  return JSON.stringify({ sys: { type: 'Entry', id, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } }, revision: 3 }, fields: {} });
}

function signedHeaders({ topic, body, timestamp = Date.now(), secret = WEBHOOK_SECRET }: Delivery): Record<string, string> {
  const headers = { 'content-type': CONTENT_TYPE, 'x-contentful-topic': topic };
  return { ...headers, ...signRequest(secret, { method: 'POST', path: PATH, headers, body }, timestamp) };
}

function deliver(app: ContentTestApp['app'], delivery: Delivery, headers = signedHeaders(delivery)) {
  return request(app).post(PATH).set(headers).send(delivery.body);
}

const articleQuery = (slug: string) => (r: FakeRequest) => r.resource === '/entries' && r.query['fields.slug'] === slug && !r.preview;

describe('Contentful webhook: invalidation', () => {
  let fake: FakeContentful;
  let t: ContentTestApp;

  beforeEach(async () => {
    fake = await startFakeContentful();
    t = await createContentTestApp({ ...fake.env, CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET }, { captureLogs: true });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('answers a valid publish with 200 and serves the changed entry fresh', async () => {
    await request(t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    fake.update((data) => {
      entryOf(data, 'article-oak-ash-walnut').fields['title'] = { 'en-US': 'Oak, ash or walnut, revised' };
    });
    const cached = await request(t.app).get('/articles/oak-ash-walnut').set('Host', HOST);

    const res = await deliver(t.app, { topic: 'ContentManagement.Entry.publish', body: entryPayload('article-oak-ash-walnut', 'article') });
    const fresh = await request(t.app).get('/articles/oak-ash-walnut').set('Host', HOST);

    expect(cached.text).not.toContain('Oak, ash or walnut, revised');
    expect(res.status).toBe(200);
    expect(res.body.invalidated).toContain('article-oak-ash-walnut');
    expect(fresh.status).toBe(200);
    expect(fresh.text).toContain('<title>Oak, ash or walnut, revised · Vitrine</title>');
  });

  it('invalidates the entries linking to the changed one and logs them', async () => {
    await request(t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    await request(t.app).get('/models/ostra-lounge-chair').set('Host', HOST);
    fake.update((data) => {
      entryOf(data, 'model-ostra-lounge-chair').fields['name'] = { 'en-US': 'Ostra Chair, renamed' };
    });
    fake.clearLog();

    const res = await deliver(t.app, { topic: 'ContentManagement.Entry.publish', body: entryPayload('model-ostra-lounge-chair', 'model') });
    const model = await request(t.app).get('/models/ostra-lounge-chair').set('Host', HOST);
    const article = await request(t.app).get('/api/content/article/oak-ash-walnut');
    const line = t.logs.find((l) => l.msg === 'content invalidated');

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
    expect(fake.count((r) => articleQuery('oak-ash-walnut')(r) && r.query['locale'] === 'en-US')).toBe(1);
    expect(line).toMatchObject({ id: 'model-ostra-lounge-chair', topic: 'ContentManagement.Entry.publish', contentType: 'model' });
    expect(line?.['linking']).toEqual(expect.arrayContaining(['article-oak-ash-walnut', 'article-two-hundred-photographs-of-a-chair']));
  });

  it('leaves content that does not depend on the change cached', async () => {
    await request(t.app).get('/articles/rendering-light').set('Host', HOST);
    await request(t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    fake.clearLog();

    await deliver(t.app, { topic: 'ContentManagement.Entry.publish', body: entryPayload('page-privacy', 'page') });
    await request(t.app).get('/articles/rendering-light').set('Host', HOST);

    expect(fake.count(articleQuery('rendering-light'))).toBe(0);
  });

  it('invalidates pages built from a changed asset', async () => {
    await request(t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    fake.update((data) => {
      const assets = data['assets'] as Array<{ sys: { id: string }; fields: Record<string, Record<string, unknown>> }>;
      const hero = assets.find((a) => a.sys.id === 'hero-oak-ash-walnut');
      if (!hero) throw new Error('no hero asset');
      hero.fields['description'] = { 'en-US': 'A new hero description' };
    });
    fake.clearLog();

    const res = await deliver(t.app, { topic: 'ContentManagement.Asset.publish', body: JSON.stringify({ sys: { type: 'Asset', id: 'hero-oak-ash-walnut' }, fields: {} }) });
    await request(t.app).get('/articles/oak-ash-walnut').set('Host', HOST);

    expect(res.status).toBe(200);
    expect(fake.count((r) => articleQuery('oak-ash-walnut')(r) && r.query['locale'] === 'en-US')).toBe(1);
  });

  it('drops an unpublished entry from the lists', async () => {
    const before = await request(t.app).get('/articles').set('Host', HOST);
    fake.update((data) => {
      data.entries = data.entries.filter((e) => e.sys.id !== 'article-behind-the-vitrine');
    });

    const res = await deliver(t.app, { topic: 'ContentManagement.Entry.unpublish', body: JSON.stringify({ sys: { type: 'DeletedEntry', id: 'article-behind-the-vitrine', contentType: { sys: { id: 'article' } } } }) });
    const after = await request(t.app).get('/articles').set('Host', HOST);
    const gone = await request(t.app).get('/articles/behind-the-vitrine').set('Host', HOST);

    expect(res.status).toBe(200);
    expect(before.text).toContain('/articles/behind-the-vitrine');
    expect(after.text).not.toContain('href="/articles/behind-the-vitrine"');
    expect(gone.status).toBe(404);
  });

  it('answers an unknown topic with 202 and invalidates nothing', async () => {
    await request(t.app).get('/articles/oak-ash-walnut').set('Host', HOST);
    fake.clearLog();

    const res = await deliver(t.app, { topic: 'ContentManagement.Entry.auto_save', body: entryPayload('article-oak-ash-walnut', 'article') });
    await request(t.app).get('/articles/oak-ash-walnut').set('Host', HOST);

    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ignored: 'ContentManagement.Entry.auto_save' });
    expect(fake.count(articleQuery('oak-ash-walnut'))).toBe(0);
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

  it('answers an entry topic whose body has no entry or asset with 400', async () => {
    const res = await deliver(t.app, { topic, body: JSON.stringify({ sys: { type: 'ContentType', id: 'article' } }) });

    expect(res.status).toBe(400);
  });

  it.each([
    ['ContentManagement.Tag.publish', { sys: { type: 'Tag', id: 'design' }, name: 'Design' }],
    ['ContentManagement.ContentType.publish', { sys: { type: 'ContentType', id: 'article' } }],
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
