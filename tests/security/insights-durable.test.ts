import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';

/**
 * Durable insights (ADR 016), on the real app and services over the embedded demo
 * space: analytics recorded through the real collector endpoints (page views,
 * Web Vitals, and search Insights events at `/1/events`) are still in the
 * summary after a restart, i.e. a new app and services on the same DATA_DIR.
 */
const TOKEN = 'insights-test-token';
const INDEX = 'vitrine_en-US';
const pageView = { type: 'pageview', route: '/models/:slug', path: '/models/chair', locale: 'en', referrer: null, viewport: 'mobile', navigation: 'load' };
const lcp = {
  type: 'vital',
  name: 'LCP',
  value: 1830,
  rating: 'good',
  id: 'v5-1',
  route: '/models/:slug',
  path: '/models/chair',
  viewport: 'mobile',
  navigationType: 'navigate',
};
const QUERY_ID = 'a'.repeat(32);
const searchEvents = [
  { eventType: 'view', eventName: 'Hits viewed', index: INDEX, userToken: 'anonymous-1', objectIDs: ['m-lamp:en-US', 'm-chair:en-US'] },
  { eventType: 'click', eventName: 'Hit clicked', index: INDEX, userToken: 'anonymous-1', objectIDs: ['m-lamp:en-US'], positions: [1], queryID: QUERY_ID },
  { eventType: 'conversion', eventName: 'Downloaded', index: INDEX, userToken: 'anonymous-1', objectIDs: ['m-lamp:en-US'] },
];

let dataDir: string;
const running: ContentTestApp[] = [];

const start = async (env: Record<string, string> = {}) => {
  const t = await createContentTestApp({ INSIGHTS_ENABLED: 'true', INSIGHTS_TOKEN: TOKEN, DATA_DIR: dataDir, ...env });
  running.push(t);
  return t;
};
const stop = async (t: ContentTestApp) => {
  running.splice(running.indexOf(t), 1);
  await t.services.close();
};
const beacon = (t: ContentTestApp, path: string, events: unknown[]) =>
  request(t.app).post(`/_insights${path}`).set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify({ events }));
const summary = async (t: ContentTestApp) => (await request(t.app).get('/_insights/summary').set('Authorization', `Bearer ${TOKEN}`).expect(200)).body;

async function recordTraffic(t: ContentTestApp): Promise<void> {
  expect(
    (
      await beacon(
        t,
        '/insights/events',
        Array.from({ length: 25 }, () => pageView),
      )
    ).status,
  ).toBe(204);
  expect(
    (
      await beacon(
        t,
        '/insights/events',
        Array.from({ length: 5 }, () => pageView),
      )
    ).status,
  ).toBe(204);
  expect(
    (
      await beacon(
        t,
        '/speed-insights/events',
        Array.from({ length: 5 }, (_, i) => ({ ...lcp, id: `v5-${i}` })),
      )
    ).status,
  ).toBe(204);
  const events = await request(t.app)
    .post('/1/events')
    .set('Content-Type', 'text/plain')
    .send(JSON.stringify({ events: searchEvents }));
  expect(events.body).toEqual({ status: 200, message: 'OK' });
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-data-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((t) => t.services.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('insights across restarts', () => {
  it('keeps page views, vitals and search events after a graceful restart', async () => {
    const before = await start();
    await recordTraffic(before);
    await stop(before);

    const after = await start();
    const { windows, store } = await summary(after);

    expect(store).toMatchObject({ kind: 'sqlite', open: true });
    for (const name of ['hour', 'day', 'week', 'month']) {
      const expected = { views: 30, vitals: { LCP: { count: 5 } }, search: { views: 2, clicks: 1, conversions: 1, averageClickPosition: 1 } };
      expect(windows[name], name).toMatchObject(expected);
    }
    expect(windows.day.routes).toEqual([expect.objectContaining({ route: '/models/:slug', views: 30 })]);
    expect(windows.day.search.topClicked).toEqual([{ objectID: 'm-lamp:en-US', index: INDEX, clicks: 1 }]);
  });

  it('loses nothing older than the flush interval when the process dies without closing', async () => {
    const crashed = await start();
    await recordTraffic(crashed);
    // No close: the second instance opens the file while the first still has it open, as after a kill -9.
    await expect.poll(() => crashed.services.insightsStore?.stats().written, { timeout: 3000 }).toBe(30 + 5 + 4);

    const after = await start();

    expect((await summary(after)).windows.hour).toMatchObject({ views: 30, vitals: { LCP: { count: 5 } }, search: { clicks: 1 } });
  });

  it('still serves pages and answers the collector with 2xx when DATA_DIR cannot be written', async () => {
    const t = await start({ DATA_DIR: '/dev/null/vitrine-data' });

    const page = await request(t.app).get('/').set('Accept', 'text/html');
    const views = await beacon(t, '/insights/events', [pageView]);
    const vitals = await beacon(t, '/speed-insights/events', [lcp]);
    const search = await request(t.app).post('/1/events').send({ events: searchEvents });
    const summaryRes = await request(t.app).get('/_insights/summary').set('Authorization', `Bearer ${TOKEN}`);

    expect(page.status).toBe(200);
    expect([views.status, vitals.status, search.status]).toEqual([204, 204, 200]);
    expect(summaryRes.status).toBe(503);
  });
});
