import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { rateLimit } from '#server/middleware/rate-limit.ts';

import { createCollectorApp, lcp, pageView } from '../../tests/fixtures/insights-app.ts';

const eventLines = (logs: Array<Record<string, unknown>>) => logs.filter((line) => line.msg === 'insights event');

describe('insights collector: scripts', () => {
  it('serves both scripts as JavaScript with a short cache and an ETag', async () => {
    const { app } = createCollectorApp();

    const views = await request(app).get('/_insights/insights/script.js');
    const speed = await request(app).get('/_insights/speed-insights/script.js');

    expect(views.status).toBe(200);
    expect(views.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(views.headers['cache-control']).toBe('public, max-age=300');
    expect(views.headers.etag).toBe('"etag-insights"');
    expect(views.text).toContain('/* insights */');
    expect(speed.text).toContain('/* speed-insights */');
  });

  it('answers 304 when the ETag still matches', async () => {
    const { app } = createCollectorApp();

    const res = await request(app).get('/_insights/insights/script.js').set('If-None-Match', '"etag-insights"');

    expect(res.status).toBe(304);
  });

  it('answers 503 when a script cannot be loaded', async () => {
    const { app } = createCollectorApp({ scripts: { load: () => Promise.reject(new Error('ENOENT')) } });

    const res = await request(app).get('/_insights/insights/script.js').set('Accept', 'application/json');

    expect(res.status).toBe(503);
  });
});

describe('insights collector: events', () => {
  it('accepts a text/plain page-view batch, as sendBeacon sends it, and logs each event', async () => {
    const { app, logs, store } = createCollectorApp();

    const res = await request(app)
      .post('/_insights/insights/events')
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(JSON.stringify({ events: [pageView, { ...pageView, path: '/articles', route: '/articles', navigation: 'navigation', referrer: null }] }));

    expect(res.status).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(eventLines(logs)).toEqual([
      expect.objectContaining({
        level: 30,
        event: 'pageview',
        route: '/models/:slug',
        path: '/models/chair',
        locale: 'en',
        referrer: 'news.example.org',
        viewport: 'mobile',
        navigation: 'load',
      }),
      expect.objectContaining({ event: 'pageview', route: '/articles', navigation: 'navigation', referrer: null }),
    ]);
    expect((await store.summarize()).windows.hour.views).toBe(2);
  });

  it('accepts a JSON vitals batch and logs each vital', async () => {
    const { app, logs, store } = createCollectorApp();

    const res = await request(app)
      .post('/_insights/speed-insights/events')
      .send({ events: [lcp, { ...lcp, name: 'CLS', value: 0.04, id: 'v5-2' }] });

    expect(res.status).toBe(204);
    expect(eventLines(logs)).toEqual([
      expect.objectContaining({
        event: 'vital',
        name: 'LCP',
        value: 1830.2,
        rating: 'good',
        route: '/models/:slug',
        navigationType: 'navigate',
        metricId: lcp.id,
      }),
      expect.objectContaining({ event: 'vital', name: 'CLS', value: 0.04 }),
    ]);
    expect((await store.summarize()).windows.hour.vitals.LCP?.count).toBe(1);
  });

  it('never logs the client address or unknown fields', async () => {
    const { app, logs } = createCollectorApp();

    await request(app)
      .post('/_insights/insights/events')
      .set('X-Forwarded-For', '203.0.113.77')
      .send({ events: [{ ...pageView, email: 'someone@example.org' }] });

    const text = JSON.stringify(logs);
    expect(text).not.toMatch(/127\.0\.0\.1|::1|::ffff|203\.0\.113\.77/);
    expect(text).not.toContain('someone@example.org');
  });

  it.each([
    ['an unknown vital', '/speed-insights/events', { events: [{ ...lcp, name: 'FID' }] }, 'events.0.name'],
    ['a vital out of range', '/speed-insights/events', { events: [{ ...lcp, value: 10 * 60_000 }] }, 'out of range'],
    ['a negative value', '/speed-insights/events', { events: [{ ...lcp, value: -1 }] }, 'events.0.value'],
    ['a vital sent as a page view', '/insights/events', { events: [lcp] }, 'events.0.type'],
    ['a path with a query string', '/insights/events', { events: [{ ...pageView, path: '/search?q=me' }] }, 'events.0.path'],
    ['an overlong route', '/insights/events', { events: [{ ...pageView, route: `/${'a'.repeat(300)}` }] }, 'events.0.route'],
    ['a full referrer URL', '/insights/events', { events: [{ ...pageView, referrer: 'https://news.example.org/a?b' }] }, 'events.0.referrer'],
    ['too many events', '/insights/events', { events: Array.from({ length: 26 }, () => pageView) }, 'events'],
    ['no events', '/insights/events', { events: [] }, 'events'],
    ['a bare array', '/insights/events', [pageView], 'body'],
  ])('rejects %s with 400 and keeps nothing', async (_name, path, body, hint) => {
    const { app, logs, store } = createCollectorApp();

    const res = await request(app).post(`/_insights${path}`).send(body);

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 400, message: expect.stringContaining(hint) });
    expect(eventLines(logs)).toEqual([]);
    expect((await store.summarize()).windows.hour.views).toBe(0);
  });

  it('rejects malformed JSON with 400 in JSON even for Accept: */*', async () => {
    const { app } = createCollectorApp();

    const res = await request(app).post('/_insights/insights/events').set('Accept', '*/*').set('Content-Type', 'text/plain').send('{"events": [');

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Request body is not valid JSON');
  });

  it('rejects a body over the limit with 413', async () => {
    const { app } = createCollectorApp();
    const body = JSON.stringify({ events: [{ ...pageView, path: `/${'x'.repeat(20_000)}` }] });

    const res = await request(app).post('/_insights/insights/events').set('Content-Type', 'text/plain').send(body);

    expect(res.status).toBe(413);
    expect(res.body.error.status).toBe(413);
  });

  it('rejects other content types with 415', async () => {
    const { app } = createCollectorApp();

    const res = await request(app).post('/_insights/insights/events').type('form').send('events=1');

    expect(res.status).toBe(415);
  });

  it('limits each client with 429 and Retry-After', async () => {
    const { app, logs } = createCollectorApp({ rateLimit: rateLimit({ burst: 2, perSecond: 0.1, maxClients: 100 }) });
    const send = () =>
      request(app)
        .post('/_insights/insights/events')
        .send({ events: [pageView] });

    const statuses = [(await send()).status, (await send()).status];
    const limited = await send();

    expect(statuses).toEqual([204, 204]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(20);
    expect(eventLines(logs)).toHaveLength(2);
  });

  it('answers 405 with Allow for other methods and 404 for unknown paths, in JSON', async () => {
    const { app } = createCollectorApp();

    const get = await request(app).get('/_insights/insights/events');
    const unknown = await request(app).get('/_insights/nothing-here');

    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.status).toBe(404);
  });
});
