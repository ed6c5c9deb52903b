import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createLogCapture } from '../../../tests/fakes/test-app.ts';
import { createInsightsStore } from './store.ts';
import { describeQueriesContract } from '../../../tests/fixtures/insights-queries-contract.ts';
import { describeStoreContract, T0, view, waitFor } from '../../../tests/fixtures/insights-store-contract.ts';
import { openSqliteDatabase } from './databases.ts';
import { createTestStore } from '../../../tests/fixtures/insights-store.ts';

import type { LogLine } from '../../../tests/fakes/test-app.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-insights-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describeStoreContract('SQLite store', () => ({ open: (options) => createTestStore({ file: join(dir, 'insights.sqlite'), ...options }) }));
describeQueriesContract('SQLite store', () => ({
  open: (options) => createTestStore({ file: join(dir, 'insights.sqlite'), ...options }),
  count: async (fromWhere) => {
    const db = new DatabaseSync(join(dir, 'insights.sqlite'), { readOnly: true });
    const { n } = db.prepare(`SELECT COUNT(*) AS n FROM ${fromWhere}`).get() as { n: number };
    db.close();
    return n;
  },
}));

function captureLogs() {
  const lines: LogLine[] = [];
  return { lines, logger: pino({ level: 'info' }, createLogCapture(lines)) };
}

describe('SQLite store: the file', () => {
  it('creates the directory and the file, in WAL mode', async () => {
    const file = join(dir, 'nested', 'data', 'insights.sqlite');
    const store = createTestStore({ file, now: () => T0 });
    store.recordPageView(view('/'), T0);
    await store.flush();

    const db = new DatabaseSync(file, { readOnly: true });
    const mode = db.prepare('PRAGMA journal_mode').get();
    const count = db.prepare('SELECT COUNT(*) AS n FROM insights_page_views').get();
    db.close();
    await store.close();

    expect(mode).toEqual({ journal_mode: 'wal' });
    expect(count).toEqual({ n: 1 });
  });
});

describe('SQLite store: failures', () => {
  it('takes events without throwing when the directory cannot be created, logs the failure once and refuses summaries', async () => {
    const { lines, logger } = captureLogs();
    const store = createTestStore({ file: '/dev/null/data/insights.sqlite', logger, now: () => T0 });

    for (let i = 0; i < 50; i += 1) expect(() => store.recordPageView(view('/'), T0)).not.toThrow();
    for (let i = 0; i < 3; i += 1) await store.flush();

    await expect(store.summarize(T0)).rejects.toThrow(/ENOTDIR/);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toEqual([expect.objectContaining({ msg: 'insights store write failed', kind: 'ENOTDIR' })]);
    expect(store.stats()).toMatchObject({ open: false, written: 0, dropped: 50 });
    await store.close();
  });

  it('logs a full disk once, keeps taking events, and writes again once there is room', async () => {
    const { lines, logger } = captureLogs();
    const file = join(dir, 'insights.sqlite');
    let maxPages = 40;
    // SQLite's own size cap fails writes with SQLITE_FULL, as a full disk does.
    const open = async () => {
      const db = openSqliteDatabase(file);
      await db.query(`PRAGMA max_page_count = ${maxPages}`);
      return db;
    };
    const options = { kind: 'sqlite', open, logger, retentionDays: 30, now: () => T0, buffer: { maxBatch: 200, flushIntervalMs: 60_000 } } as const;
    const full = createInsightsStore(options);

    for (let round = 0; round < 10; round += 1) {
      for (let i = 0; i < 200; i += 1) full.recordPageView(view('/models/:slug', `/models/${'x'.repeat(200)}-${round}-${i}`), T0);
      await full.flush();
    }
    const { failedWrites, written } = full.stats();
    await full.close();
    maxPages = 100_000;
    const roomy = createInsightsStore(options);
    roomy.recordPageView(view('/after'), T0);
    const { hour } = (await roomy.summarize(T0)).windows;
    await roomy.close();

    expect(failedWrites).toBeGreaterThan(1);
    expect(lines.filter((line) => line.level === 50)).toEqual([
      expect.objectContaining({ msg: 'insights store write failed', kind: 'sqlite:13 database or disk is full' }),
    ]);
    expect(hour.views).toBe(written + 1);
    expect(hour.routes.map((route) => route.route)).toContain('/after');
  });

  it('retries a batch the file was locked for and writes it once the lock is gone', async () => {
    const { lines, logger } = captureLogs();
    const file = join(dir, 'insights.sqlite');
    const store = createTestStore({ file, logger, now: () => T0, buffer: { flushIntervalMs: 60_000 } });
    await store.flush();
    const other = new DatabaseSync(file);
    other.exec('BEGIN EXCLUSIVE');

    store.recordPageView(view('/'), T0);
    await store.flush();
    const whileLocked = store.stats();
    other.exec('COMMIT');
    other.close();
    await store.flush();

    expect(whileLocked).toMatchObject({ pending: 1, failedWrites: 1, written: 0 });
    expect(lines.find((line) => line.level === 50)).toMatchObject({ kind: 'sqlite:5 database is locked' });
    expect(store.stats()).toMatchObject({ pending: 0, written: 1 });
    await waitFor(() => lines.some((line) => line.msg === 'insights store writes again'));
    expect((await store.summarize(T0)).windows.hour.views).toBe(1);
    await store.close();
  });
  it('waits, without logging, for a file another worker holds locked while both open it (WAL switch, schema)', async () => {
    const { lines, logger } = captureLogs();
    const file = join(dir, 'insights.sqlite');
    const other = new DatabaseSync(file);
    other.exec('BEGIN EXCLUSIVE');
    setTimeout(() => other.exec('COMMIT'), 250);

    const store = createTestStore({ file, logger, now: () => T0, buffer: { flushIntervalMs: 60_000 } });
    store.recordPageView(view('/'), T0);
    const summary = await store.summarize(T0);
    other.close();
    await store.close();

    expect(summary.windows.hour.views).toBe(1);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });

  it('logs a file that stays locked after five attempts to open it, and opens it at the next flush once free', async () => {
    const { lines, logger } = captureLogs();
    const file = join(dir, 'insights.sqlite');
    const other = new DatabaseSync(file);
    other.exec('BEGIN EXCLUSIVE');

    const store = createTestStore({ file, logger, now: () => T0, buffer: { flushIntervalMs: 60_000 } });
    await waitFor(() => lines.some((line) => line.level === 50), 5000);
    other.exec('COMMIT');
    other.close();
    store.recordPageView(view('/'), T0);
    await store.flush();

    expect(lines.filter((line) => line.level === 50)).toEqual([
      expect.objectContaining({ msg: 'insights store write failed', during: 'open', kind: 'sqlite:5 database is locked' }),
    ]);
    expect(store.stats()).toMatchObject({ open: true, written: 1 });
    await store.close();
  });
});
