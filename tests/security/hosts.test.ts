import { connect } from 'node:net';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Hostile hosts (ADR 013): the Host header (or X-Forwarded-Host) must never become
 * a canonical link, feed or sitemap URL. The real app on the embedded demo
 * space: hosts outside ALLOWED_HOSTS get 421 before any page, feed or API
 * runs; forwarded headers count only from a TRUST_PROXY hop; PUBLIC_URL wins.
 */
const EVIL = 'evil.example';

/** Everything that builds an absolute URL or reads content: pages, feeds, route data, JSON API, search API. */
const HOST_SENSITIVE = [
  '/',
  '/articles/oak-ash-walnut',
  '/de/models',
  '/sitemap.xml',
  '/rss.xml',
  '/de/rss.xml',
  '/robots.txt',
  '/_data/?_routes=root,en,home',
  '/api/content/articles',
];

const apps: ContentTestApp[] = [];
async function appWith(env: Record<string, string> = {}): Promise<ContentTestApp> {
  const t = await createContentTestApp({ PAGE_CACHE_MAX_BYTES: '0', ...env });
  apps.push(t);
  return t;
}
afterAll(async () => {
  for (const t of apps) await t.services.close();
});

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const ogUrlOf = (html: string) => /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];

describe('hosts: quick start without configuration', () => {
  let t: ContentTestApp;
  beforeAll(async () => {
    t = await appWith();
  });

  it.each(HOST_SENSITIVE)('answers %s for another host with 421, no-store and no page', async (path) => {
    const res = await request(t.app).get(path).set('Host', EVIL);

    expect(res.status).toBe(421);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/ALLOWED_HOSTS/);
    expect(res.text).not.toMatch(/<html|<urlset|<rss|Sitemap:|"items"/);
  });

  it('answers the search API for another host with 421 (a rebinding page cannot use it)', async () => {
    const res = await request(t.app)
      .post('/1/indexes/*/queries')
      .set('Host', EVIL)
      .send({ requests: [{ indexName: 'vitrine_en-US', params: 'query=oak' }] });

    expect(res.status).toBe(421);
  });

  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000', 'app.localhost:3000'])(
    'serves the quick-start host %s with its own origin',
    async (host) => {
      const res = await request(t.app).get('/articles').set('Host', host);

      expect(res.status).toBe(200);
      expect(canonicalOf(res.text)).toBe(`http://${host.toLowerCase()}/articles`);
    },
  );

  it('answers health checks whatever the host (orchestrators probe by pod IP)', async () => {
    const health = await request(t.app).get('/healthz').set('Host', '10.1.2.3:3000');
    const ready = await request(t.app).get('/readyz').set('Host', '10.1.2.3:3000');

    expect(health.status).toBe(200);
    expect(ready.status).toBe(200);
  });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto without TRUST_PROXY', async () => {
    const page = await request(t.app).get('/articles').set('Host', 'localhost:3000').set('X-Forwarded-Host', EVIL).set('X-Forwarded-Proto', 'https');
    const sitemap = await request(t.app).get('/sitemap.xml').set('Host', 'localhost:3000').set('X-Forwarded-Host', EVIL);

    expect(page.status).toBe(200);
    expect(canonicalOf(page.text)).toBe('http://localhost:3000/articles');
    expect(sitemap.text).toContain('<loc>http://localhost:3000/</loc>');
    expect(sitemap.text).not.toContain(EVIL);
  });

  it('answers a malformed Host with 400', async () => {
    const reply = await rawRequest(t.app, 'GET / HTTP/1.1\r\nHost: localhost:3000/evil\r\nConnection: close\r\n\r\n');

    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).not.toContain('<html');
  });

  it('answers a request without a Host with 400', async () => {
    const reply = await rawRequest(t.app, 'GET / HTTP/1.0\r\nConnection: close\r\n\r\n');

    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('no host');
  });
});

describe('hosts: behind a proxy (TRUST_PROXY=1)', () => {
  let t: ContentTestApp;
  beforeAll(async () => {
    t = await appWith({ TRUST_PROXY: '1', ALLOWED_HOSTS: 'shop.example' });
  });

  it('checks X-Forwarded-Host from the trusted hop against ALLOWED_HOSTS', async () => {
    const evil = await request(t.app).get('/').set('Host', 'app:3000').set('X-Forwarded-Host', EVIL);
    const evilFeed = await request(t.app).get('/rss.xml').set('Host', 'app:3000').set('X-Forwarded-Host', EVIL);

    expect(evil.status).toBe(421);
    expect(evilFeed.status).toBe(421);
  });

  it('builds URLs from an allowed forwarded host and protocol', async () => {
    const res = await request(t.app).get('/articles').set('Host', 'app:3000').set('X-Forwarded-Host', 'shop.example').set('X-Forwarded-Proto', 'https');

    expect(res.status).toBe(200);
    expect(canonicalOf(res.text)).toBe('https://shop.example/articles');
  });

  it('does not let a client-written left-most X-Forwarded-Host through', async () => {
    const res = await request(t.app).get('/').set('Host', 'app:3000').set('X-Forwarded-Host', `${EVIL}, shop.example`);

    expect(res.status).toBe(421);
  });
});

describe('hosts: PUBLIC_URL set', () => {
  let t: ContentTestApp;
  beforeAll(async () => {
    t = await appWith({ PUBLIC_URL: 'https://vitrine.example', ALLOWED_HOSTS: '.vitrine.test' });
  });

  it('serves other allowed hosts with every absolute URL on PUBLIC_URL', async () => {
    const page = await request(t.app).get('/articles/oak-ash-walnut?utm_source=x').set('Host', 'www.vitrine.test');
    const sitemap = await request(t.app).get('/sitemap.xml').set('Host', 'www.vitrine.test');
    const robots = await request(t.app).get('/robots.txt').set('Host', 'localhost:3000');
    const rss = await request(t.app).get('/de/rss.xml').set('Host', 'localhost:3000');

    expect(page.status).toBe(200);
    expect(canonicalOf(page.text)).toBe('https://vitrine.example/articles/oak-ash-walnut');
    expect(ogUrlOf(page.text)).toBe('https://vitrine.example/articles/oak-ash-walnut');
    expect(page.text).not.toContain('www.vitrine.test');
    expect(sitemap.text).toContain('<loc>https://vitrine.example/</loc>');
    expect(sitemap.text).not.toContain('vitrine.test');
    expect(robots.text).toContain('Sitemap: https://vitrine.example/sitemap.xml');
    expect(rss.text).toContain('<link>https://vitrine.example/de</link>');
    expect(rss.text).not.toContain('localhost');
  });

  it('still refuses hosts that are not allowed', async () => {
    const res = await request(t.app).get('/').set('Host', EVIL);

    expect(res.status).toBe(421);
  });
});

/** Sends bytes supertest and Node's client would not (a bad or missing Host) and returns the raw reply. */
async function rawRequest(app: ContentTestApp['app'], bytes: string): Promise<string> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    return await new Promise<string>((resolve, reject) => {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.end(bytes));
      let reply = '';
      socket.on('data', (chunk: Buffer) => (reply += chunk.toString('utf8')));
      socket.on('end', () => resolve(reply));
      socket.on('error', reject);
    });
  } finally {
    server.close();
  }
}
