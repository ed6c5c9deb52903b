import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../../tests/fakes/contentful-app.ts';

import type { ContentTestApp } from '../../tests/fakes/contentful-app.ts';

/** `/api/content/…` on the real app over the embedded demo space. */
const HTML_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

let t: ContentTestApp;

beforeAll(async () => {
  t = await createContentTestApp({ PREVIEW_SECRET: 'preview-secret', COOKIE_SECRET: 'cookie-secret' });
});

const get = (url: string) => request(t.app).get(url);
const slugs = (items: Array<{ slug: string }>) => items.map((i) => i.slug);

describe('content JSON API: lists', () => {
  it('lists articles with paging facts and the page cache policy', async () => {
    const res = await get('/api/content/articles');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe(HTML_CACHE);
    expect(res.body).toMatchObject({ total: 12, skip: 0, limit: 10 });
    expect(res.body.items).toHaveLength(10);
    expect(res.body.items[0]).toMatchObject({ type: 'article', slug: 'behind-the-vitrine', locale: 'en-US' });
  });

  it('pages and filters articles', async () => {
    const page = await get('/api/content/articles?skip=9&limit=9');
    const tagged = await get('/api/content/articles?tag=lighting');

    expect(page.body.items).toHaveLength(3);
    expect(page.body).toMatchObject({ total: 12, skip: 9, limit: 9 });
    expect(slugs(tagged.body.items)).toEqual(['the-balance-of-a-desk-lamp', 'rendering-light']);
  });

  it('answers in German with locale=de-DE', async () => {
    const res = await get('/api/content/articles?locale=de-DE&limit=1');

    expect(res.body.items[0]).toMatchObject({ locale: 'de-DE', title: 'Hinter der Vitrine: wie diese Website gebaut ist' });
  });

  it('lists models, by category (narrower concepts included) and by tag', async () => {
    const all = await get('/api/content/models');
    const seating = await get('/api/content/models?category=seating');
    const lighting = await get('/api/content/models?tag=lighting');

    expect(all.body.items).toHaveLength(9);
    expect(slugs(seating.body.items)).toEqual(['ostra-lounge-chair', 'tripod-stool']);
    expect(slugs(lighting.body.items)).toEqual(['halo-pendant', 'pivot-desk-lamp']);
  });

  it('lists pages, public tags and the category tree', async () => {
    const [pages, tags, categories] = await Promise.all([get('/api/content/pages'), get('/api/content/tags'), get('/api/content/categories?locale=de-DE')]);

    expect(slugs(pages.body.items).sort()).toEqual(['about', 'imprint', 'press', 'privacy', 'visit']);
    expect(tags.body.items).toHaveLength(7);
    expect(JSON.stringify(tags.body)).not.toContain('internalReview');
    expect(categories.body.items.map((c: { label: string }) => c.label)).toEqual(['Leuchten', 'Möbel', 'Objekte']);
  });

  it('answers unknown filters with empty lists', async () => {
    const articles = await get('/api/content/articles?tag=nope');
    const models = await get('/api/content/models?category=nope');

    expect(articles.body).toMatchObject({ items: [], total: 0 });
    expect(models.body).toEqual({ items: [] });
  });
});

describe('content JSON API: items', () => {
  it.each([
    ['article', 'oak-ash-walnut', 'article-oak-ash-walnut'],
    ['model', 'ostra-lounge-chair', 'model-ostra-lounge-chair'],
    ['page', 'about', 'page-about'],
  ])('serves a %s by slug', async (type, slug, id) => {
    const res = await get(`/api/content/${type}/${slug}`);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, type, slug });
    expect(res.headers['cache-control']).toBe(HTML_CACHE);
  });

  it('serves rich text as a document plus its resolved links', async () => {
    const res = await get('/api/content/article/oak-ash-walnut?locale=de-DE');

    expect(res.body.body.document.nodeType).toBe('document');
    expect(res.body.body.links.entries['model-ostra-lounge-chair']).toMatchObject({ url: '/de/models/ostra-lounge-chair' });
  });

  it('answers an unknown slug with a 404 JSON error', async () => {
    const res = await get('/api/content/article/no-such-article');

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ error: { status: 404, message: 'No article with slug no-such-article', requestId: res.headers['x-request-id'] } });
  });

  it('never serves drafts, not even with a preview cookie', async () => {
    const preview = await request(t.app).get('/api/preview').query({ secret: 'preview-secret' });
    const cookie = (preview.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';

    const res = await get('/api/content/article/spring-collection-preview').set('Cookie', cookie);

    expect(res.status).toBe(404);
  });
});

describe('content JSON API: bad input', () => {
  it.each([
    ['/api/content/widget/oak-ash-walnut', 'type must be article, model or page'],
    ['/api/content/article/Oak-Ash', 'slug may contain only lowercase letters, digits and hyphens'],
    ['/api/content/article/oak_ash', 'slug may contain only lowercase letters, digits and hyphens'],
    [`/api/content/article/${'a'.repeat(101)}`, 'slug may contain only lowercase letters, digits and hyphens'],
    ['/api/content/article/-leading-hyphen', 'slug may contain only lowercase letters, digits and hyphens'],
    ['/api/content/articles?locale=fr-FR', 'locale must be one of en-US, de-DE'],
    ['/api/content/article/oak-ash-walnut?locale=de', 'locale must be one of en-US, de-DE'],
    ['/api/content/tags?locale=en-US&locale=de-DE', 'locale must be one of en-US, de-DE'],
    ['/api/content/articles?skip=-1', 'skip must be a whole number from 0 to 10000'],
    ['/api/content/articles?skip=abc', 'skip must be a whole number from 0 to 10000'],
    ['/api/content/articles?skip=10001', 'skip must be a whole number from 0 to 10000'],
    ['/api/content/articles?skip=1&skip=2', 'skip must be a whole number from 0 to 10000'],
    ['/api/content/articles?limit=101', 'limit must be a whole number from 0 to 100'],
    ['/api/content/articles?limit=1.5', 'limit must be a whole number from 0 to 100'],
    ['/api/content/articles?limit=', 'limit must be a whole number from 0 to 100'],
  ])('answers %s with a 400 JSON error', async (url, message) => {
    const res = await get(url);

    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error).toMatchObject({ status: 400, message });
  });

  it.each(['/api/content/widgets', '/api/content/', '/api/content/article/', '/api/content/article/oak-ash-walnut/more'])(
    'answers %s with a 404 JSON error, not the HTML page',
    async (url) => {
      const res = await get(url);

      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.text).not.toContain('<html');
    },
  );
});
