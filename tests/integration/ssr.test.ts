import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createFakeContent } from '../fakes/content-api.ts';
import { createTestApp, waitForRequestLog } from '../fakes/test-app.ts';
import { createRedirectingEntry, createShellErrorEntry, createSlowEntry } from './support/fake-entry.tsx';

import type { AppDeps } from '#server/app.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

function ssrDeps(entry: AppDeps['ssr']['entry']): Partial<AppDeps> {
  return { ssr: { entry, assets: { forChunks: () => ({ bootstrapModules: ['/entry.js'], modulePreloads: [], stylesheets: [] }) }, buildId: 'test' } };
}

/** Reads a streamed response chunk by chunk, noting when each chunk arrived. */
function collectChunks() {
  const chunks: Array<{ at: number; text: string }> = [];
  const started = Date.now();
  const parse: Parameters<request.Test['parse']>[0] = (res, done) => {
    res.setEncoding('utf8');
    res.on('data', (text: string) => chunks.push({ at: Date.now() - started, text }));
    res.on('end', () => done(null, chunks.map((c) => c.text).join('')));
  };
  return { chunks, parse };
}

describe('SSR document requests', () => {
  it('renders the home page with 200 and its content', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/').set('Accept', 'text/html');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toMatch(/^<!DOCTYPE html>/);
    expect(res.text).toContain('<title>Vitrine</title>');
    expect(res.text).toContain('window.__staticRouterHydrationData');
  });

  it('answers an unmatched URL with 404 from the router context', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/no/such/page/here').set('Accept', 'text/html');

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('window.__staticRouterHydrationData');
  });

  it('answers a loader that throws a 404 with 404', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/de/no/such/page').set('Accept', 'text/html');

    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="de"');
  });

  it('answers 500 and logs the error with its stack when a loader fails unexpectedly', async () => {
    const content = { ...createFakeContent(), getSiteSettings: () => Promise.reject(new Error('contentful is down')) };
    const { app, logs } = createTestApp({}, { content }, { captureLogs: true });

    const res = await request(app).get('/').set('Accept', 'text/html');
    await waitForRequestLog(logs, res.headers['x-request-id'] as string);

    expect(res.status).toBe(500);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).not.toContain('contentful is down');
    const line = logs.find((l) => l.msg === 'loader failed');
    expect(line).toMatchObject({ reqId: res.headers['x-request-id'], err: { message: 'contentful is down' } });
    expect((line?.err as { stack?: string }).stack).toContain('Error: contentful is down');
  });

  it('sends a redirect Response from the loaders as is', async () => {
    const headers = new Headers({ Location: '/de', 'Cache-Control': 'no-cache' });
    headers.append('Set-Cookie', 'a=1; Path=/');
    headers.append('Set-Cookie', 'b=2; Path=/');
    const { app } = createTestApp({}, ssrDeps(createRedirectingEntry(() => new Response(null, { status: 307, headers }))));

    const res = await request(app).get('/').redirects(0);

    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('/de');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('answers HEAD with the GET status and headers but no body', async () => {
    const { app } = createTestApp();

    const res = await request(app).head('/no/such/page/here');

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text ?? '').toBe('');
  });

  it('streams the shell to browsers before a slow boundary resolves', async () => {
    const { app } = createTestApp({}, ssrDeps(createSlowEntry(300)));
    const { chunks, parse } = collectChunks();

    const res = await request(app).get('/').set('User-Agent', CHROME).buffer(true).parse(parse);

    expect(res.status).toBe(200);
    const first = chunks[0];
    expect(first?.text).toContain('shell-ready');
    expect(first?.text).toContain('loading');
    expect(first?.text).not.toContain('slow-done');
    const last = chunks.at(-1);
    expect((last?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(200);
    expect(res.body).toContain('slow-done');
  });

  it('gives crawlers the whole document at once (onAllReady), without fallbacks', async () => {
    const { app } = createTestApp({}, ssrDeps(createSlowEntry(100)));

    const res = await request(app).get('/').set('User-Agent', GOOGLEBOT);

    expect(res.status).toBe(200);
    expect(res.text).toContain('shell-ready');
    expect(res.text).toContain('<p id="slow">slow-done</p>');
    expect(res.text).not.toContain('loading');
  });

  it('ends a render that exceeds the abort deadline, leaving the boundary to the client', async () => {
    const { app, logs } = createTestApp({ SSR_ABORT_MS: '150' }, ssrDeps(createSlowEntry(Infinity)), { captureLogs: true });

    const started = Date.now();
    const res = await request(app).get('/').set('User-Agent', CHROME);

    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.text).toContain('shell-ready');
    expect(res.text).not.toContain('slow-done');
    await waitForRequestLog(logs, res.headers['x-request-id'] as string);
    expect(logs.some((l) => l.msg === 'render error' && JSON.stringify(l.err).includes('render exceeded 150 ms'))).toBe(true);
  });

  it('answers a crawler whose render hit the deadline with 500 rather than a partial page', async () => {
    const { app } = createTestApp({ SSR_ABORT_MS: '150' }, ssrDeps(createSlowEntry(Infinity)));

    const res = await request(app).get('/').set('User-Agent', GOOGLEBOT);

    expect(res.status).toBe(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends a static 500 page with the request id when the shell fails', async () => {
    const { app, logs } = createTestApp({}, ssrDeps(createShellErrorEntry()), { captureLogs: true });

    const res = await request(app).get('/').set('Accept', 'text/html');
    const id = res.headers['x-request-id'] as string;
    await waitForRequestLog(logs, id);

    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.text).toContain('500 Internal Server Error');
    expect(res.text).toContain(id);
    expect(res.text).not.toContain('shell exploded');
    expect(res.text).not.toMatch(/<script/i);
    expect(logs.find((l) => l.msg === 'shell render failed')).toMatchObject({ reqId: id, err: { message: 'shell exploded' } });
  });
});

describe('route data requests', () => {
  it('answers every matched route of a page in one JSON request', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/_data/?_routes=en,home');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.type).toBe('data');
    expect(Object.keys(res.body.results as object).sort()).toEqual(['en', 'home']);
  });

  it('reports a loader 404 in the payload', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/_data/no/such/page/here');

    expect(res.body.status).toBe(404);
  });

  it('logs which routes failed when a loader throws unexpectedly, and is not cached', async () => {
    const content = { ...createFakeContent(), getSiteSettings: () => Promise.reject(new Error('contentful is down')) };
    const { app, logs } = createTestApp({}, { content }, { captureLogs: true });

    const res = await request(app).get('/_data/?_routes=en,home');
    await waitForRequestLog(logs, res.headers['x-request-id'] as string);

    expect(res.body.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('contentful is down');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(logs.find((l) => l.msg === 'route data failed')).toMatchObject({ reqId: res.headers['x-request-id'], routeIds: ['en'] });
  });

  it('logs an unexpected loader error with its stack under err, and sends the browser neither', async () => {
    const failure = new Error('contentful is down');
    const content = { ...createFakeContent(), getSiteSettings: () => Promise.reject(failure) };
    const { app, logs } = createTestApp({}, { content }, { captureLogs: true });

    const res = await request(app).get('/_data/?_routes=en,home');
    await waitForRequestLog(logs, res.headers['x-request-id'] as string);
    const lines = logs.filter((l) => l.msg === 'route data failed');

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, routeIds: ['en'], url: '/', err: { type: 'Error', message: 'contentful is down', stack: failure.stack } });
    expect(failure.stack).toContain('ssr.test.ts');
    expect(res.body.results.en).toEqual({ error: { status: 500, statusText: 'Internal Server Error', data: 'Unexpected error' } });
    expect(res.body.results.home).toHaveProperty('data');
    expect(res.text).not.toContain('ssr.test.ts');
    expect(res.text).not.toContain('stack');
  });

  it('keeps the status and message of an expected 404 and logs no failure', async () => {
    const { app, logs } = createTestApp({}, {}, { captureLogs: true });

    const res = await request(app).get('/_data/articles/no-such-article?_routes=en,article');
    await waitForRequestLog(logs, res.headers['x-request-id'] as string);

    expect(res.body.status).toBe(404);
    expect(res.body.results.article.error).toMatchObject({ status: 404 });
    expect(logs.some((l) => l.msg === 'route data failed')).toBe(false);
  });

  it('rejects route ids that are not ids', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/_data/?_routes=%3Cscript%3E');

    expect(res.status).toBe(400);
    expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
  });
});
