import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createFakeContent } from '../fakes/content-api.ts';
import { createTestApp } from '../fakes/test-app.ts';
import { createClientDir, createSlowEntry } from './support/fake-entry.tsx';

const HTML_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** supertest listens on a new port per request and the origin is part of the page data, so pin the Host. */
const HOST = 'vitrine.test';

describe('static files', () => {
  it('serves hashed assets as public, immutable for a year', async () => {
    const { app } = createTestApp({}, createClientDir());

    const res = await request(app).get('/assets/index-Abc123.js');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other public files with a short max-age', async () => {
    const { app } = createTestApp({}, createClientDir());

    const res = await request(app).get('/favicon.svg');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing hashed asset with a 404 carrying the request id, not the SSR page', async () => {
    const { app } = createTestApp({}, createClientDir());

    const res = await request(app).get('/assets/index-Missing.js').set('Accept', '*/*');

    expect(res.status).toBe(404);
    expect(res.text).toContain(res.headers['x-request-id'] as string);
    expect(res.text).not.toContain('__staticRouterHydrationData');
  });

  it('does not serve the build manifest or other dotfiles', async () => {
    const { app } = createTestApp({}, createClientDir());

    const res = await request(app).get('/.vite/manifest.json');

    expect(res.status).toBe(404);
  });
});

describe('HTML caching', () => {
  it('sends the configured Cache-Control, an ETag and Vary on pages', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/');

    expect(res.headers['cache-control']).toBe(HTML_CACHE);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    expect(res.headers.vary).toContain('Accept-Encoding');
  });

  it('takes Cache-Control from HTML_CACHE_CONTROL', async () => {
    const { app } = createTestApp({ HTML_CACHE_CONTROL: 'public, max-age=0, s-maxage=5, stale-while-revalidate=30' });

    const res = await request(app).get('/');

    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30');
  });

  it('keeps the ETag stable across requests although the nonce changes', async () => {
    const { app } = createTestApp();

    const a = await request(app).get('/').set('Host', HOST);
    const b = await request(app).get('/').set('Host', HOST);

    expect(a.headers.etag).toBe(b.headers.etag);
  });

  it('answers If-None-Match with 304 and no body', async () => {
    const { app } = createTestApp();
    const first = await request(app).get('/').set('Host', HOST);

    const res = await request(app)
      .get('/')
      .set('Host', HOST)
      .set('If-None-Match', first.headers.etag as string);

    expect(res.status).toBe(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers.etag).toBe(first.headers.etag);
    expect(res.headers['cache-control']).toBe(HTML_CACHE);
  });

  it('renders again when the content changed', async () => {
    const first = await request(createTestApp().app).get('/').set('Host', HOST);
    const { app } = createTestApp({}, { content: createFakeContent({ siteName: 'Renamed' }) });

    const res = await request(app)
      .get('/')
      .set('Host', HOST)
      .set('If-None-Match', first.headers.etag as string);

    expect(res.status).toBe(200);
    expect(res.text).toContain('Renamed');
  });

  it('never answers 304 for a 404 page', async () => {
    const { app } = createTestApp();
    const first = await request(app).get('/no/such/page/here').set('Host', HOST);

    const res = await request(app)
      .get('/no/such/page/here')
      .set('Host', HOST)
      .set('If-None-Match', first.headers.etag as string);

    expect(res.status).toBe(404);
  });

  it('does not cache error pages', async () => {
    const content = { ...createFakeContent(), getSiteSettings: () => Promise.reject(new Error('down')) };
    const { app } = createTestApp({}, { content });

    const res = await request(app).get('/');

    expect(res.status).toBe(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('route data caching', () => {
  it('sends the configured Cache-Control and an ETag, and answers If-None-Match with 304', async () => {
    const { app } = createTestApp();
    const first = await request(app).get('/_data/?_routes=en,home').set('Host', HOST);

    const res = await request(app)
      .get('/_data/?_routes=en,home')
      .set('Host', HOST)
      .set('If-None-Match', first.headers.etag as string);

    expect(first.headers['cache-control']).toBe(HTML_CACHE);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(res.status).toBe(304);
  });
});

describe('compression', () => {
  it('gzips pages for clients that accept gzip', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/').set('Accept-Encoding', 'gzip');

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toContain('<title>Vitrine</title>');
  });

  it('uses brotli when the client prefers it', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/').set('Accept-Encoding', 'br');

    expect(res.headers['content-encoding']).toBe('br');
    expect(res.text).toContain('<title>Vitrine</title>');
  });

  it('compresses hashed assets and route data too', async () => {
    const { app } = createTestApp({}, createClientDir());

    const asset = await request(app).get('/assets/index-Abc123.js').set('Accept-Encoding', 'gzip');

    expect(asset.headers['content-encoding']).toBe('gzip');
  });

  it.each(['gzip', 'br'])('still flushes the streamed shell at once with %s', async (encoding) => {
    const { app } = createTestApp(
      {},
      { ssr: { entry: createSlowEntry(400), assets: { forChunks: () => ({ bootstrapModules: [], modulePreloads: [], stylesheets: [] }) }, buildId: 't' } },
    );
    const arrivals: Array<{ at: number; text: string }> = [];
    const started = Date.now();

    const res = await request(app)
      .get('/')
      .set('Accept-Encoding', encoding)
      .set('User-Agent', 'Mozilla/5.0 Chrome/140')
      .buffer(true)
      .parse((stream, done) => {
        stream.setEncoding('utf8');
        stream.on('data', (text: string) => arrivals.push({ at: Date.now() - started, text }));
        stream.on('end', () => done(null, arrivals.map((a) => a.text).join('')));
      });

    expect(res.headers['content-encoding']).toBe(encoding);
    const shell = arrivals.find((a) => a.text.includes('shell-ready'));
    expect(shell).toBeDefined();
    expect(shell?.text).not.toContain('slow-done');
    expect(shell?.at ?? Infinity).toBeLessThan(300);
    expect(res.body).toContain('slow-done');
  });
});
