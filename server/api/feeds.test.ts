import { createRequire } from 'node:module';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { entryOf, startFakeContentful } from '../../tests/fakes/contentful.ts';
import { createContentTestApp } from '../../tests/fakes/contentful-app.ts';

import type { FakeContentful } from '../../tests/fakes/contentful.ts';
import type { ContentTestApp } from '../../tests/fakes/contentful-app.ts';

/** jsdom ships no types and @types/jsdom is not installed: the slice these tests use. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (text: string, options?: { contentType?: string }) => { window: Window } };

/** robots.txt, sitemap.xml and the RSS feeds on the real app over the embedded demo space. */
const ORIGIN = 'https://vitrine.example';
const HTML_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

let t: ContentTestApp;

beforeAll(async () => {
  t = await createContentTestApp({ PUBLIC_URL: ORIGIN });
});

/** Parses XML strictly (jsdom throws on anything that is not well-formed). */
function parseXml(text: string): Document {
  return new JSDOM(text, { contentType: 'application/xml' }).window.document;
}

const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((n) => n.textContent ?? '');

describe('GET /robots.txt', () => {
  it('allows crawling, keeps crawlers out of the APIs and names the sitemap', async () => {
    const res = await request(t.app).get('/robots.txt');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.text).toContain('User-agent: *\nAllow: /\n');
    expect(res.text).toContain('Disallow: /api/\n');
    expect(res.text).toContain('Disallow: /_data/\n');
    expect(res.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});

describe('GET /sitemap.xml', () => {
  let doc: Document;
  let res: request.Response;
  beforeAll(async () => {
    res = await request(t.app).get('/sitemap.xml');
    doc = parseXml(res.text);
  });

  it('is a well-formed sitemap with the page cache policy', () => {
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe(HTML_CACHE);
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  });

  it('lists every page, article, model and public tag in both locales', () => {
    const locs = texts(doc, 'url > loc');

    // 3 index pages + 5 pages + 12 articles + 9 models + 7 tags, each in en-US and de-DE.
    expect(locs).toHaveLength(72);
    expect(new Set(locs).size).toBe(72);
    for (const path of ['/', '/models', '/articles', '/about', '/articles/oak-ash-walnut', '/models/ostra-lounge-chair', '/tags/design']) {
      expect(locs).toContain(`${ORIGIN}${path}`);
      expect(locs).toContain(`${ORIGIN}${path === '/' ? '/de' : `/de${path}`}`);
    }
    expect(locs.some((l) => l.includes('spring-collection-preview'))).toBe(false);
    expect(locs.some((l) => l.includes('internalReview'))).toBe(false);
  });

  it('gives content URLs a lastmod and every URL its hreflang alternates', () => {
    const article = [...doc.querySelectorAll('url')].find((u) => u.querySelector('loc')?.textContent === `${ORIGIN}/de/articles/oak-ash-walnut`);
    const alternates = [...(article?.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link') ?? [])].map((l) => [
      l.getAttribute('hreflang'),
      l.getAttribute('href'),
    ]);

    expect(article?.querySelector('lastmod')?.textContent).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(alternates).toEqual([
      ['en-US', `${ORIGIN}/articles/oak-ash-walnut`],
      ['de-DE', `${ORIGIN}/de/articles/oak-ash-walnut`],
    ]);
    for (const url of doc.querySelectorAll('url')) expect(url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')).toHaveLength(2);
  });
});

describe('GET /rss.xml', () => {
  it('is well-formed RSS 2.0 with every published article, newest first', async () => {
    const res = await request(t.app).get('/rss.xml');
    const doc = parseXml(res.text);
    const items = [...doc.querySelectorAll('channel > item')];

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe(HTML_CACHE);
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    expect(doc.querySelector('channel > title')?.textContent).toBe('Vitrine');
    expect(doc.querySelector('channel > language')?.textContent).toBe('en-US');
    expect(doc.querySelector('channel > link')?.textContent).toBe(`${ORIGIN}/`);
    expect(items).toHaveLength(12);
    expect(items[0]?.querySelector('link')?.textContent).toBe(`${ORIGIN}/articles/behind-the-vitrine`);
    expect(items[0]?.querySelector('guid')?.getAttribute('isPermaLink')).toBe('true');
    expect(items[0]?.querySelector('pubDate')?.textContent).toBe('Tue, 15 Sep 2026 00:00:00 GMT');
    expect(items[0]?.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'creator')[0]?.textContent).toBe('Jonas Ebert');
    expect(texts(doc, 'item > title')).not.toContain('Draft: a first look at the spring collection');
  });

  it('serves the German feed at /de/rss.xml', async () => {
    const res = await request(t.app).get('/de/rss.xml');
    const doc = parseXml(res.text);

    expect(res.status).toBe(200);
    expect(doc.querySelector('channel > language')?.textContent).toBe('de-DE');
    expect(doc.querySelector('channel > link')?.textContent).toBe(`${ORIGIN}/de`);
    expect(texts(doc, 'item > title')).toContain('Eiche, Esche oder Nussbaum: ein Holz, mit dem man leben kann');
    expect(texts(doc, 'item > link').every((l) => l.startsWith(`${ORIGIN}/de/articles/`))).toBe(true);
  });

  it('has no feed for other prefixes', async () => {
    const res = await request(t.app).get('/fr/rss.xml');

    expect(res.status).toBe(404);
  });
});

describe('feeds with hostile content', () => {
  let fake: FakeContentful;
  let hostile: ContentTestApp;
  const TITLE = `Fish & Chips <b>"bold"</b> it's ]]> done`;

  beforeAll(async () => {
    fake = await startFakeContentful();
    fake.update((data) => {
      entryOf(data, 'article-oak-ash-walnut').fields['title'] = { 'en-US': TITLE };
      entryOf(data, 'article-oak-ash-walnut').fields['excerpt'] = { 'en-US': '<script>alert(1)</script> & more' };
      entryOf(data, 'page-visit').fields['slug'] = { 'en-US': "visit-o'clock" };
    });
    hostile = await createContentTestApp({ ...fake.env, PUBLIC_URL: ORIGIN });
  });

  afterAll(async () => {
    await fake.close();
  });

  it('escapes titles and excerpts in the RSS feed', async () => {
    const res = await request(hostile.app).get('/rss.xml');
    const doc = parseXml(res.text);

    expect(res.text).toContain('Fish &amp; Chips &lt;b&gt;&quot;bold&quot;&lt;/b&gt; it&#39;s ]]&gt; done');
    expect(res.text).not.toContain('<script>');
    expect(texts(doc, 'item > title')).toContain(TITLE);
    expect(texts(doc, 'item > description')).toContain('<script>alert(1)</script> & more');
  });

  it('escapes URLs in the sitemap', async () => {
    const res = await request(hostile.app).get('/sitemap.xml');
    const doc = parseXml(res.text);

    expect(res.text).toContain('/visit-o&#39;clock</loc>');
    expect(texts(doc, 'url > loc')).toContain(`${ORIGIN}/visit-o'clock`);
  });
});
