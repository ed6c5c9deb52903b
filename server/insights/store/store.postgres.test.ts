import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createLogCapture } from '../../../tests/fakes/test-app.ts';
import { ROLLUPS, TABLES } from './tables.ts';
import { describeQueriesContract } from '../../../tests/fixtures/insights-queries-contract.ts';
import { describeStoreContract, T0, view, vital } from '../../../tests/fixtures/insights-store-contract.ts';
import { createTestStore } from '../../../tests/fixtures/insights-store.ts';

import type { LogLine } from '../../../tests/fakes/test-app.ts';

/**
 * The same contract against a real PostgreSQL server (scripts/ci/postgres.sh
 * starts a throwaway one and prints TEST_DATABASE_URL). Skipped locally
 * without it; in CI a missing server is a failure, never a silent skip.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url && process.env.CI === 'true') {
  throw new Error('TEST_DATABASE_URL is not set in CI: run eval "$(scripts/ci/postgres.sh)" before the tests');
}

let admin: pg.Client;
beforeAll(async () => {
  if (!url) return;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(async () => admin?.end());
beforeEach(async () => {
  if (!url) return;
  for (const { name } of [...Object.values(TABLES), ...Object.values(ROLLUPS)]) await admin.query(`DROP TABLE IF EXISTS ${name}`);
});

describe.skipIf(!url)('PostgreSQL store', () => {
  describeStoreContract('PostgreSQL store', () => ({ open: (options) => createTestStore({ url, ...options }) }));
  describeQueriesContract('PostgreSQL store', () => ({
    open: (options) => createTestStore({ url, ...options }),
    count: async (fromWhere) => Number((await admin.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${fromWhere}`)).rows[0]?.n),
  }));

  it('creates its tables once and adds every count when several instances write the same rollup rows together', async () => {
    const stores = Array.from({ length: 4 }, () => createTestStore({ url, now: () => T0 }));
    const routes = ['/a', '/b', '/c'];
    stores.forEach((store, index) => {
      for (let i = 0; i < 300; i += 1) store.recordPageView(view(routes[(i + index) % 3]!), T0);
    });

    await Promise.all(stores.map((store) => store.flush()));
    const { hour, day } = (await stores[0]!.summarize(T0)).windows;
    await Promise.all(stores.map((store) => store.close()));

    expect(stores.map((store) => store.stats().failedWrites)).toEqual([0, 0, 0, 0]);
    expect([hour.views, day.views]).toEqual([1200, 1200]);
    expect(day.routes.map((route) => route.views)).toEqual([400, 400, 400]);
  });

  it('stores text PostgreSQL would refuse (NUL) without losing the rest of the batch', async () => {
    const store = createTestStore({ url, now: () => T0 });
    store.recordPageView(view('/ok'), T0);
    store.recordPageView(view('/nul\u0000route', '/a\u0000b'), T0);
    store.recordVital(vital('/ok', 'TTFB', 120), T0);

    const { hour } = (await store.summarize(T0)).windows;
    await store.close();

    expect(hour.views).toBe(2);
    expect(hour.routes.map((route) => route.route).sort()).toEqual(['/nulroute', '/ok']);
    expect(store.stats()).toMatchObject({ failedWrites: 0, dropped: 0 });
  });

  it('takes events without throwing while the server is unreachable, and logs that once', async () => {
    const lines: LogLine[] = [];
    const logger = pino({ level: 'info' }, createLogCapture(lines));
    const unreachable = new URL(url!);
    unreachable.port = '1';
    const store = createTestStore({ url: unreachable.href, logger, now: () => T0 });

    for (let i = 0; i < 20; i += 1) expect(() => store.recordPageView(view('/'), T0)).not.toThrow();
    for (let i = 0; i < 3; i += 1) await store.flush();

    await expect(store.summarize(T0)).rejects.toThrow(/ECONNREFUSED/);
    expect(lines.filter((line) => line.level === 50)).toEqual([expect.objectContaining({ msg: 'insights store write failed', kind: 'ECONNREFUSED' })]);
    expect(JSON.stringify(lines)).not.toContain(unreachable.password);
    expect(store.stats()).toMatchObject({ open: false, written: 0 });
    await store.close();
  });
});
