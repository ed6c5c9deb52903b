import { createRequire } from 'node:module';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { entryOf, FAKE_TOKENS, startFakeContentful } from '../fakes/contentful.ts';
import { createContentTestApp, WEBHOOK_SECRET } from '../fakes/contentful-app.ts';

import type { FakeContentful } from '../fakes/contentful.ts';
import type { ContentTestApp } from '../fakes/contentful-app.ts';

/** jsdom ships no types and @types/jsdom is not installed: the slice these tests use. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (text: string, options?: { contentType?: string }) => { window: Window } };

/**
 * Every content route server-rendered by the real app over the embedded demo
 * space, in both locales: status, head metadata (title, description,
 * canonical, hreflang, Open Graph, JSON-LD), error pages, and safety of what
 * content puts into the HTML.
 */
const ORIGIN = 'https://vitrine.example';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: ContentTestApp;

beforeAll(async () => {
  t = await createContentTestApp({ PUBLIC_URL: ORIGIN });
});

/** Requests a page as a crawler (the whole document at once). */
const crawl = (app: ContentTestApp['app'], url: string) => request(app).get(url).set('User-Agent', GOOGLEBOT).set('Accept', 'text/html');

interface Head {
  lang: string;
  title: string;
  description: string;
  canonical: string;
  alternates: Record<string, string>;
  robots: string | undefined;
  og: Record<string, string>;
  jsonLd: Array<Record<string, unknown>>;
  h1: string;
}

function readHead(html: string): Head {
  const doc = new JSDOM(html).window.document;
  const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? '';
  return {
    lang: doc.documentElement.lang,
    title: doc.title,
    description: attr('meta[name="description"]', 'content'),
    canonical: attr('link[rel="canonical"]', 'href'),
    alternates: Object.fromEntries(
      [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    ),
    robots: doc.querySelector('meta[name="robots"]')?.getAttribute('content') ?? undefined,
    og: Object.fromEntries([...doc.querySelectorAll('meta[property^="og:"]')].map((m) => [m.getAttribute('property')?.slice(3), m.getAttribute('content')])),
    jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => {
      const value = JSON.parse(s.textContent ?? 'null') as Record<string, unknown> | Array<Record<string, unknown>>;
      return Array.isArray(value) ? value : [value];
    }),
    h1: doc.querySelector('h1')?.textContent ?? '',
  };
}

const ROUTES = [
  '/',
  '/models',
  '/models?category=seating',
  '/models/ostra-lounge-chair',
  '/articles',
  '/articles?page=2',
  '/articles/oak-ash-walnut',
  '/tags/design',
  '/about',
  '/press',
];
const de = (path: string) => (path === '/' ? '/de' : `/de${path}`);
const bare = (url: string) => url.split('?')[0] ?? url;

describe.each([
  ['en-US', (url: string) => url, 'en'],
  ['de-DE', de, 'de'],
])('content pages in %s', (_locale, localize, lang) => {
  it.each(ROUTES)('renders %s with 200, title, description, canonical, hreflang alternates and an Open Graph image', async (route) => {
    const url = localize(route);

    const res = await crawl(t.app, url);
    const head = readHead(res.text);

    expect(res.status).toBe(200);
    expect(head.lang).toBe(lang);
    expect(head.title).toMatch(/\S/);
    expect(head.title === 'Vitrine' || head.title.endsWith(' · Vitrine')).toBe(true);
    expect(head.description.length).toBeGreaterThan(5);
    expect(head.canonical).toBe(`${ORIGIN}${bare(url)}${route.includes('page=2') ? '?page=2' : ''}`);
    expect(head.alternates).toEqual({ 'en-US': `${ORIGIN}${bare(route)}`, 'de-DE': `${ORIGIN}${de(bare(route))}`, 'x-default': `${ORIGIN}${bare(route)}` });
    expect(head.og['image']).toMatch(new RegExp(`^${ORIGIN}/content-assets/images\\.ctfassets\\.net/vitrine-demo/`));
    expect(head.og['url']).toBe(head.canonical);
    expect(head.og['locale']).toBe(_locale.replace('-', '_'));
    expect(head.robots).toBeUndefined();
    expect(head.h1).toMatch(/\S/);
  });

  it('describes an article with Article and BreadcrumbList JSON-LD', async () => {
    const res = await crawl(t.app, localize('/articles/oak-ash-walnut'));
    const head = readHead(res.text);
    const article = head.jsonLd.find((j) => j['@type'] === 'Article');
    const crumbs = head.jsonLd.find((j) => j['@type'] === 'BreadcrumbList');

    expect(head.og['type']).toBe('article');
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      headline: head.h1,
      datePublished: '2025-02-11',
      mainEntityOfPage: `${ORIGIN}${localize('/articles/oak-ash-walnut')}`,
      author: { '@type': 'Person', name: 'Mara Lindqvist' },
      publisher: { '@type': 'Organization', name: 'Vitrine' },
    });
    expect((article?.['image'] as string[])[0]).toMatch(new RegExp(`^${ORIGIN}/content-assets/`));
    expect(crumbs?.['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: lang === 'de' ? 'Artikel' : 'Articles', item: `${ORIGIN}${localize('/articles')}` },
      { '@type': 'ListItem', position: 2, name: head.h1, item: `${ORIGIN}${localize('/articles/oak-ash-walnut')}` },
    ]);
  });

  it('describes a model with Product, 3DModel and BreadcrumbList JSON-LD', async () => {
    const res = await crawl(t.app, localize('/models/ostra-lounge-chair'));
    const head = readHead(res.text);
    const product = head.jsonLd.find((j) => j['@type'] === 'Product');
    const crumbs = head.jsonLd.find((j) => j['@type'] === 'BreadcrumbList');

    expect(head.og['type']).toBe('product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: head.h1,
      brand: { '@type': 'Brand', name: 'Vitrine' },
      width: { '@type': 'QuantitativeValue', value: 680, unitText: 'mm' },
      subjectOf: {
        '@type': '3DModel',
        encodingFormat: 'model/gltf-binary',
        contentUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/content-assets/assets\\.ctfassets\\.net/.+\\.glb$`)),
      },
    });
    expect(product?.['category']).toBe(lang === 'de' ? 'Möbel > Sitzmöbel > Stühle' : 'Furniture > Seating > Chairs');
    expect((crumbs?.['itemListElement'] as Array<{ name: string }>).map((c) => c.name)).toEqual(
      lang === 'de' ? ['Modelle', 'Möbel', 'Sitzmöbel', 'Stühle', head.h1] : ['Models', 'Furniture', 'Seating', 'Chairs', head.h1],
    );
  });

  it('renders the model embed bare, noindex, without alternates', async () => {
    const res = await crawl(t.app, localize('/models/ostra-lounge-chair/embed'));
    const head = readHead(res.text);

    expect(res.status).toBe(200);
    expect(head.robots).toBe('noindex');
    expect(head.alternates).toEqual({});
    expect(res.text).not.toContain('class="site-header"');
  });

  it.each([
    '/articles/no-such-article',
    '/models/no-such-model',
    '/tags/no-such-tag',
    '/tags/internalReview',
    '/no-such-page',
    '/articles/spring-collection-preview',
    '/models/no-such-model/embed',
    '/a/b/c',
  ])('answers %s with the styled 404 page', async (route) => {
    const res = await crawl(t.app, localize(route));
    const head = readHead(res.text);

    expect(res.status).toBe(404);
    expect(res.text).toContain('class="error-page"');
    expect(res.text).toContain('<p class="eyebrow">404</p>');
    expect(head.robots).toBe('noindex');
    expect(head.lang).toBe(lang);
    expect(res.headers['cache-control']).toBeDefined();
  });
});

describe('article pagination', () => {
  it.each(['abc', '0', '-1', '1.5', '01', '999999'])('answers ?page=%s with 400', async (page) => {
    const res = await crawl(t.app, `/articles?page=${page}`);

    expect(res.status).toBe(400);
    expect(res.text).toContain('class="error-page"');
  });

  it('answers a page past the last one with 404', async () => {
    const res = await crawl(t.app, '/articles?page=3');

    expect(res.status).toBe(404);
  });

  it('renders the last page with the remaining articles', async () => {
    const res = await crawl(t.app, '/articles?page=2');

    expect(res.status).toBe(200);
    expect(res.text).toContain('href="/articles/oak-ash-walnut"');
    expect(res.text).not.toContain('href="/articles/behind-the-vitrine"');
  });
});

describe('content pages for browsers', () => {
  it('streams the same page with hydration data to a browser', async () => {
    const res = await request(t.app).get('/de/models/ostra-lounge-chair').set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0');

    expect(res.status).toBe(200);
    expect(readHead(res.text).h1).toBe('Ostra Loungesessel');
    expect(res.text).toContain('window.__staticRouterHydrationData');
  });
});

describe('page chrome in the page locale', () => {
  it.each([
    ['/models/ostra-lounge-chair', 'Breadcrumb', /\(\d+(\.\d)? kB\)/],
    ['/de/models/ostra-lounge-chair', 'Brotkrumennavigation', /\(\d+(,\d)? kB\)/],
  ])('%s names its breadcrumb and sizes the download in its language', async (url, breadcrumb, size) => {
    const res = await crawl(t.app, url);

    const doc = new JSDOM(res.text).window.document;
    expect(doc.querySelector('nav.breadcrumbs')?.getAttribute('aria-label')).toBe(breadcrumb);
    expect(doc.querySelector('a[download]')?.textContent).toMatch(size);
  });

  it('names the article breadcrumb in German on German pages', async () => {
    const res = await crawl(t.app, '/de/articles/oak-ash-walnut');

    expect(new JSDOM(res.text).window.document.querySelector('nav.breadcrumbs')?.getAttribute('aria-label')).toBe('Brotkrumennavigation');
  });
});

describe('content in the HTML', () => {
  let fake: FakeContentful;
  let hostile: ContentTestApp;
  const HOSTILE = '</script><script>alert(1)</script><!-- \u2028';

  beforeAll(async () => {
    fake = await startFakeContentful();
    fake.update((data) => {
      entryOf(data, 'article-oak-ash-walnut').fields['title'] = { 'en-US': `Oak ${HOSTILE}` };
      entryOf(data, 'article-oak-ash-walnut').fields['excerpt'] = { 'en-US': `Excerpt ${HOSTILE}` };
      entryOf(data, 'site-settings').fields['description'] = { 'en-US': `Site ${HOSTILE}` };
    });
    hostile = await createContentTestApp({
      ...fake.env,
      PUBLIC_URL: ORIGIN,
      CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PREVIEW_SECRET: 'preview-secret-5',
      COOKIE_SECRET: 'cookie-secret-4',
    });
  });

  afterAll(async () => {
    await fake.close();
  });

  it('escapes </script> in content everywhere: text, JSON-LD and hydration data', async () => {
    const res = await request(hostile.app).get('/articles/oak-ash-walnut').set('User-Agent', 'Mozilla/5.0 Chrome/140');
    const scripts = [...res.text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] ?? '');
    const head = readHead(res.text);

    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    for (const body of scripts) {
      expect(body).not.toMatch(/<\/script/i);
      expect(body).not.toContain('<!--');
      expect(body).not.toContain('\u2028');
    }
    expect(head.h1).toBe(`Oak ${HOSTILE}`);
    expect(head.jsonLd.find((j) => j['@type'] === 'Article')?.['headline']).toBe(`Oak ${HOSTILE}`);
    expect(scripts.some((s) => s.includes('__staticRouterHydrationData'))).toBe(true);
  });

  it('never puts a token or secret into pages or route data', async () => {
    const pages = await Promise.all(['/', '/articles/oak-ash-walnut', '/models/ostra-lounge-chair', '/de/about'].map((url) => request(hostile.app).get(url)));
    const data = await request(hostile.app).get('/_data/articles/oak-ash-walnut?_routes=en,article');

    for (const text of [...pages.map((p) => p.text), data.text]) {
      for (const secret of [FAKE_TOKENS.delivery, FAKE_TOKENS.preview, WEBHOOK_SECRET, 'preview-secret-5', 'cookie-secret-4'])
        expect(text).not.toContain(secret);
    }
    expect(pages.every((p) => p.status === 200)).toBe(true);
    expect(data.status).toBe(200);
  });
});
