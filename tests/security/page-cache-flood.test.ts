import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../fakes/contentful-app.ts';
import { waitForRequestLog } from '../fakes/test-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';
import type { Server } from 'node:http';

/**
 * Page-cache floods (ADR 013): 2,000 requests with distinct junk query parameters or
 * Host values emptied the page cache. The real app on the embedded demo space
 * with a page cache of a few pages: after each flood the hot pages are still
 * served from it (the request log's `cache` field says HIT).
 */
const FLOOD = 2000;
/** Room for a handful of rendered pages (each is stored as identity + gzip + brotli). */
const PAGE_CACHE_MAX_BYTES = String(512 * 1024);
const HOT = ['/', '/articles/oak-ash-walnut'];

interface Flooded {
  t: ContentTestApp;
  server: Server;
  /** GETs `path` for `host` and reports the status and the page-cache outcome. */
  visit(path: string, host?: string): Promise<{ status: number; cache: unknown; text: string }>;
  /** Visits `path` until the page cache answers it (pages are stored off the request path). */
  warm(path: string, host?: string): Promise<void>;
  /** Sends `count` requests, 25 at a time, and returns how many got each status. */
  flood(count: number, make: (i: number) => { path: string; host: string }): Promise<Record<number, number>>;
}

async function createFlooded(env: Record<string, string>, defaultHost: string): Promise<Flooded> {
  const t = await createContentTestApp({ PAGE_CACHE_MAX_BYTES, ...env }, { captureLogs: true });
  const server = t.app.listen(0, '127.0.0.1');
  const visit = async (path: string, host = defaultHost) => {
    const res = await request(server).get(path).set('Host', host);
    const line = await waitForRequestLog(t.logs, res.headers['x-request-id'] as string);
    return { status: res.status, cache: line['cache'], text: res.text };
  };
  return {
    t,
    server,
    visit,
    async warm(path, host) {
      for (let i = 0; i < 100; i++) {
        if ((await visit(path, host)).cache === 'HIT') return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`${path} never came from the page cache`);
    },
    async flood(count, make) {
      const statuses: Record<number, number> = {};
      for (let start = 0; start < count; start += 25) {
        const batch = Array.from({ length: Math.min(25, count - start) }, (_, k) => make(start + k));
        const results = await Promise.all(batch.map(({ path, host }) => request(server).get(path).set('Host', host)));
        for (const res of results) statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        // Let the page cache finish storing what this batch rendered before the next one (as real traffic would).
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      t.logs.length = 0;
      return statuses;
    },
  };
}

describe('page cache under a flood (no PUBLIC_URL)', () => {
  let f: Flooded;
  beforeAll(async () => {
    f = await createFlooded({ ALLOWED_HOSTS: 'vitrine.test' }, 'vitrine.test');
    for (const path of HOT) await f.warm(path);
  }, 30_000);
  afterAll(async () => {
    f.server.close();
    await f.t.services.close();
  });

  it(`keeps the hot pages after ${FLOOD} junk query variants, which share their page's entry`, async () => {
    const statuses = await f.flood(FLOOD, (i) => ({ path: `${HOT[i % 2]}?utm_source=${i}&fbclid=${i}x&page=${i}`, host: 'vitrine.test' }));
    const home = await f.visit('/');
    const article = await f.visit('/articles/oak-ash-walnut');
    const fresh = await f.visit('/?utm_campaign=never-seen');

    expect(statuses).toEqual({ 200: FLOOD });
    expect(home.cache).toBe('HIT');
    expect(article.cache).toBe('HIT');
    expect(fresh.cache).toBe('HIT');
    expect(fresh.text).not.toContain('utm_campaign');
  }, 120_000);

  it(`keeps the hot pages after ${FLOOD} distinct Host values, which get 421 and no rendering`, async () => {
    const statuses = await f.flood(FLOOD, (i) => ({ path: '/', host: `h${i}.evil.example` }));
    const home = await f.visit('/');

    expect(statuses).toEqual({ 421: FLOOD });
    expect(home.cache).toBe('HIT');
  }, 120_000);

  it('keeps the hot pages when allowed hosts are varied without bound (ports, .localhost subdomains): those are not cached', async () => {
    // Fewer than FLOOD: every one of these renders (that is the point), and 300 already overflow the cache many times.
    const statuses = await f.flood(300, (i) => ({ path: '/', host: i % 2 ? `vitrine.test:${1000 + i}` : `h${i}.localhost` }));
    const home = await f.visit('/');
    const article = await f.visit('/articles/oak-ash-walnut');

    expect(statuses).toEqual({ 200: 300 });
    expect(home.cache).toBe('HIT');
    expect(article.cache).toBe('HIT');
  }, 120_000);

  it('keeps the hot pages when free-text searches are varied without bound: those are not cached', async () => {
    const statuses = await f.flood(200, (i) => ({ path: `/search?q=flood${i}`, host: 'vitrine.test' }));
    const home = await f.visit('/');
    const search = await f.visit('/search?q=flood1');

    expect(statuses).toEqual({ 200: 200 });
    expect(home.cache).toBe('HIT');
    expect(search.cache).toBe('BYPASS');
  }, 120_000);

  it('keeps the hot pages when ?variant= is varied without bound: a model page with one renders but is not cached', async () => {
    const statuses = await f.flood(200, (i) => ({ path: `/models/tide-vase?variant=flood-${i}`, host: 'vitrine.test' }));
    const home = await f.visit('/');
    const model = await f.visit('/models/tide-vase?variant=flood-1');

    expect(statuses).toEqual({ 200: 200 });
    expect(home.cache).toBe('HIT');
    expect(model.cache).toBe('BYPASS');
  }, 120_000);
});

describe('page cache under a flood (PUBLIC_URL set)', () => {
  let f: Flooded;
  beforeAll(async () => {
    f = await createFlooded({ PUBLIC_URL: 'https://vitrine.example', ALLOWED_HOSTS: '.vitrine.test' }, 'vitrine.test');
    for (const path of HOT) await f.warm(path);
  }, 30_000);
  afterAll(async () => {
    f.server.close();
    await f.t.services.close();
  });

  it(`serves ${FLOOD} allowed Host values from one entry per page`, async () => {
    const statuses = await f.flood(FLOOD, (i) => ({ path: HOT[i % 2] ?? '/', host: `h${i}.vitrine.test:${1000 + i}` }));
    const home = await f.visit('/', 'another.vitrine.test');

    expect(statuses).toEqual({ 200: FLOOD });
    expect(home.cache).toBe('HIT');
    expect(home.text).toContain('<link rel="canonical" href="https://vitrine.example/"');
  }, 120_000);
});
