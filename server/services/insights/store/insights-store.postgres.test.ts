import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createLogCapture } from '../../../../tests/fakes/test-app.ts';
import { TABLES } from './schema.ts';
import { describeStoreContract, T0, view, vital } from './store-contract.ts';
import { createTestStore } from './test-store.ts';

import type { LogLine } from '../../../../tests/fakes/test-app.ts';

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
  for (const table of Object.values(TABLES)) await admin.query(`DROP TABLE IF EXISTS ${table.name}`);
});

describe.skipIf(!url)('PostgreSQL store', () => {
  describeStoreContract('PostgreSQL store', () => ({ open: (options) => createTestStore({ url, ...options }) }));

  it('creates its tables once when several instances start together', async () => {
    const stores = Array.from({ length: 4 }, () => createTestStore({ url, now: () => T0 }));
    stores.forEach((store, index) => store.recordPageView(view(`/instance-${index}`), T0));

    await Promise.all(stores.map((store) => store.flush()));
    const summaries = await Promise.all(stores.map((store) => store.summarize(T0)));
    await Promise.all(stores.map((store) => store.close()));

    expect(summaries.map((summary) => summary.windows.hour.views)).toEqual([4, 4, 4, 4]);
    expect(stores.map((store) => store.stats().failedWrites)).toEqual([0, 0, 0, 0]);
    expect(summaries.every((summary) => summary.store.kind === 'postgres')).toBe(true);
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
