import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createTestStore } from '../../tests/fixtures/insights-store.ts';
import { readToken, TOKEN_NOT_CONFIGURED } from './router.ts';

import { createCollectorApp, lcp, pageView } from '../../tests/fixtures/insights-app.ts';

import type { PageViewEvent, VitalEvent } from '#shared/insights.ts';

function seededStore() {
  const store = createTestStore();
  for (let i = 0; i < 3; i += 1) store.recordPageView(pageView as PageViewEvent);
  store.recordVital(lcp as VitalEvent);
  store.recordSearchEvents([{ eventType: 'click', eventName: 'Hit clicked', index: 'vitrine_en-US', objectIDs: ['m-lamp:en-US'], positions: [2] }]);
  return store;
}

describe('insights summary and dashboard', () => {
  it('refuse requests without a token or with a wrong one', async () => {
    const { app } = createCollectorApp();

    const missing = await request(app).get('/_insights/summary');
    const wrong = await request(app).get('/_insights/summary').set('Authorization', 'Bearer nope');
    const wrongQuery = await request(app).get('/_insights/dashboard?token=nope');

    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="insights"');
    expect(missing.body.error.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrongQuery.status).toBe(401);
    expect(wrongQuery.headers['content-type']).toMatch(/^text\/html/);
  });

  it('refuse everything, saying why, when no token is configured', async () => {
    const { app } = createCollectorApp({ token: undefined });

    const summary = await request(app).get('/_insights/summary').set('Authorization', 'Bearer anything');
    const dashboard = await request(app).get('/_insights/dashboard');

    expect(summary.status).toBe(401);
    expect(summary.body.error.message).toBe(TOKEN_NOT_CONFIGURED);
    expect(dashboard.status).toBe(401);
    expect(dashboard.text).toContain('set INSIGHTS_TOKEN');
  });

  it('returns the summary as JSON with a bearer token, never cached', async () => {
    const { app } = createCollectorApp({ store: seededStore() });

    const res = await request(app).get('/_insights/summary').set('Authorization', 'Bearer s3cret-token');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.windows.hour).toMatchObject({ views: 3, routes: [{ route: '/models/:slug', views: 3, vitals: { LCP: { count: 1, rating: 'good' } } }] });
    expect(res.body.windows.hour.series).toHaveLength(60);
    expect(res.body.windows.day.series).toHaveLength(24);
    expect(res.body.windows.week.series).toHaveLength(7);
    expect(res.body.windows.month).toMatchObject({ views: 3, series: expect.any(Array), search: { clicks: 1, averageClickPosition: 2 } });
    expect(res.body.windows.month.series).toHaveLength(30);
    expect(res.body.store).toMatchObject({ kind: 'sqlite', open: true, retentionDays: 30, pending: 0, dropped: 0 });
  });

  it('answers 503 in JSON and HTML while the store cannot be read', async () => {
    const store = createTestStore({ file: '/dev/null/insights.sqlite' });
    const { app } = createCollectorApp({ store });

    const summary = await request(app).get('/_insights/summary').set('Authorization', 'Bearer s3cret-token');
    const dashboard = await request(app).get('/_insights/dashboard').set('Authorization', 'Bearer s3cret-token');

    expect(summary.status).toBe(503);
    expect(summary.headers['retry-after']).toBe('30');
    expect(summary.body.error.message).toMatch(/store is unavailable/);
    expect(dashboard.status).toBe(503);
    expect(dashboard.headers['content-type']).toMatch(/^text\/html/);
    await store.close();
  });

  it('renders the dashboard with ?token=, per-bucket tables and no scripts, and keeps the token out of the logs', async () => {
    const { app, logs } = createCollectorApp({ store: seededStore() });

    const res = await request(app).get('/_insights/dashboard?token=s3cret-token');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.text).toContain('<table aria-label="Page views and LCP p75 per minute, last hour">');
    expect(res.text).toMatch(/<tr><td>\d\d:\d\d UTC<\/td><td>3<\/td><td class="good">[\d,]+ ms<\/td><\/tr>/);
    expect(res.text).toContain('<code>/models/:slug</code>');
    expect(res.text).toContain('Last 30 days');
    expect(res.text).toContain('<code>m-lamp:en-US</code>');
    expect(res.text).not.toContain('<script');
    // The page CSP allows no inline style without the request's nonce.
    expect(res.text).toMatch(/<style nonce="[A-Za-z0-9+/]{22}==">/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(logs)).not.toContain('s3cret-token');
    expect(JSON.stringify(logs)).toContain('token=[Redacted]');
  });

  it('escapes route names it renders', async () => {
    const store = createTestStore();
    store.recordPageView({ ...(pageView as PageViewEvent), route: '/<img>' });
    const { app } = createCollectorApp({ store });

    const res = await request(app).get('/_insights/dashboard').set('Authorization', 'Bearer s3cret-token');

    expect(res.text).toContain('/&lt;img&gt;');
    expect(res.text).not.toContain('/<img>');
  });
});

describe('readToken', () => {
  it('prefers the bearer token and falls back to ?token=', () => {
    expect(readToken('Bearer abc', { token: 'xyz' })).toBe('abc');
    expect(readToken('bearer  abc ', {})).toBe('abc');
    expect(readToken(undefined, { token: 'xyz' })).toBe('xyz');
    expect(readToken('Basic dXNlcg==', { token: ['a', 'b'] })).toBeUndefined();
  });
});
