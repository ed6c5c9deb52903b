import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createInsightsRouter } from '#server/insights/router.ts';
import { createTestStore } from '../../tests/fixtures/insights-store.ts';

import { createTestApp } from '../../tests/fakes/test-app.ts';
import { fakeScripts, pageView } from '../../tests/fixtures/insights-app.ts';

function createAppWithInsights() {
  const handler = createInsightsRouter({ scripts: fakeScripts, store: createTestStore(), token: 't0ken', locales: () => ['en-US', 'de-DE'] });
  return createTestApp({}, { routers: { insights: handler } }).app;
}

describe('insights mounted in the app', () => {
  it('serves the scripts before the SSR catch-all, with the security headers', async () => {
    const res = await request(createAppWithInsights()).get('/_insights/insights/script.js');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('takes event batches through the request guards without setting cookies', async () => {
    const res = await request(createAppWithInsights())
      .post('/_insights/insights/events')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ events: [pageView] }));

    expect(res.status).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('serves the dashboard under the strict CSP', async () => {
    const res = await request(createAppWithInsights()).get('/_insights/dashboard').set('Authorization', 'Bearer t0ken');

    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+'/);
  });
});
