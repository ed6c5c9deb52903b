import { signRequest } from '@contentful/node-apps-toolkit';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { createContentTestApp, WEBHOOK_SECRET } from '../fakes/contentful-app.ts';
import { writeEnglishOnlyExport } from '../fixtures/contentful/english-only-export.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';

/**
 * ADR 039 on the real app over a space with only en-US (the demo export without de-DE): the English site is served,
 * the German routes, links, alternates, feeds, API locale and search index are gone, not failing.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0';
let t: ContentTestApp;

beforeAll(async () => {
  t = await createContentTestApp({ CONTENT_EXPORT_FILE: writeEnglishOnlyExport(), CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET });
}, 60_000);

const page = (url: string) => request(t.app).get(url).set('User-Agent', BROWSER).set('Accept', 'text/html');

describe('a space with only en-US', () => {
  it('serves the English home page without a German alternate or language link', async () => {
    const res = await page('/');

    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="en"');
    expect(res.text).not.toMatch(/hrefLang="de-DE"|hreflang="de-DE"/i);
    expect(res.text).not.toContain('class="locale-switch"');
    expect(res.text).not.toMatch(/href="\/de[/"]/);
    expect(res.text).toContain('window.__vitrineConfig={"locales":["en-US"]');
  });

  it.each(['/de', '/de/models', '/de/articles/oak-ash-walnut'])('answers %s with the English not-found page', async (url) => {
    const res = await page(url);

    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="en"');
    expect(res.text).toContain('Page not found');
    expect(res.text).not.toContain('Seite nicht gefunden');
  });

  it('answers route data for a German URL like any unknown URL', async () => {
    const res = await request(t.app).get('/_data/de/models?_routes=en,not-found');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'data', status: 404, results: { en: { data: { locale: 'en-US' } }, 'not-found': { error: { status: 404 } } } });
  });

  it('lists no German URL in the sitemap and has no German feed', async () => {
    const sitemap = await request(t.app).get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toMatch(/<loc>[^<]*\/models<\/loc>/);
    expect(sitemap.text).not.toMatch(/\/de[/<]/);
    expect(sitemap.text).not.toContain('hreflang');

    expect((await request(t.app).get('/rss.xml')).status).toBe(200);
    expect((await request(t.app).get('/de/rss.xml')).status).toBe(404);
  });

  it('refuses the German locale in the JSON API, naming the served ones', async () => {
    const res = await request(t.app).get('/api/content/articles?locale=de-DE');

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: 'locale must be one of en-US' } });
    expect((await request(t.app).get('/api/content/articles?locale=en-US')).status).toBe(200);
  });

  it('builds no German search index and answers it like Algolia answers an unknown index', async () => {
    const query = (indexName: string) =>
      request(t.app)
        .post('/1/indexes/*/queries')
        .send({ requests: [{ indexName, params: 'query=chair' }] });

    const german = await query('vitrine_de-DE');
    expect(german.status).toBe(404);
    expect(german.body).toEqual({ message: 'Index does not exist', status: 404 });
    const english = await query('vitrine_en-US');
    expect(english.status).toBe(200);
    expect(english.body.results[0].nbHits).toBeGreaterThan(0);
  });

  it('queries no locale the space lacks when a webhook arrives: the linking entries come from the engine (ADR 061)', async () => {
    const linking = vi.spyOn(t.services.content, 'getLinkingEntries');
    const path = '/api/webhooks/contentful';
    const body = JSON.stringify({
      sys: { type: 'Entry', id: 'article-oak-ash-walnut', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } } },
    });
    const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' };
    const signed = { ...headers, ...signRequest(WEBHOOK_SECRET, { method: 'POST', path, headers, body }, Date.now()) };

    const res = await request(t.app).post(path).set(signed).send(body);

    expect(res.status).toBe(200);
    expect(linking.mock.calls.map(([, options]) => options.locale).filter((locale) => locale !== 'en-US')).toEqual([]);
  });
});
