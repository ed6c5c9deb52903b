/**
 * `node scripts/bench/insights-store.ts [--events <n>] [--rows <n>] [--url <postgres://…>]` (defaults 200 000, 1 000 000, fresh SQLite):
 * events a second the batched writer stores (half views, half vitals), then the operator summary's time over --rows spread over 30 days.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import pino from 'pino';

import { openPostgresDatabase, openSqliteDatabase } from '#server/insights/store/databases.ts';
import { createInsightsStore } from '#server/insights/store/store.ts';

import type { PageViewEvent, VitalEvent } from '#shared/insights.ts';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '200000' }, rows: { type: 'string', default: '1000000' }, url: { type: 'string' } },
});
const events = Number(values.events);
const rows = Number(values.rows);
const dir = mkdtempSync(join(tmpdir(), 'vitrine-insights-bench-'));
const file = join(dir, 'insights.sqlite');
const logger = pino({ level: 'warn' });
const now = Date.now();
const DAY = 86_400_000;
const ROUTES = ['/', '/models/:slug', '/articles/:slug', '/search', '/de/models/:slug', '/de/articles/:slug', '/articles', '/models'];

const url = values.url;
const open = () =>
  createInsightsStore({
    kind: url ? 'postgres' : 'sqlite',
    open: url ? () => openPostgresDatabase({ url, logger }) : () => openSqliteDatabase(file),
    logger,
    retentionDays: 30,
    now: () => now,
    // Room for the whole run: this measures the writer, not the flood guard.
    buffer: { maxPending: Math.max(events, rows) + 1 },
  });

const view = (i: number): PageViewEvent => ({
  type: 'pageview',
  route: ROUTES[i % ROUTES.length]!,
  path: `/models/item-${i % 500}`,
  locale: 'en',
  referrer: i % 3 ? null : 'news.example.org',
  viewport: 'desktop',
  navigation: 'load',
});
const vital = (i: number): VitalEvent => ({
  type: 'vital',
  name: (['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const)[i % 5]!,
  value: i % 5 === 2 ? (i % 100) / 1000 : 100 + (i % 3000),
  rating: 'good',
  id: `v5-${i}`,
  route: ROUTES[i % ROUTES.length]!,
  path: `/models/item-${i % 500}`,
  viewport: 'mobile',
  navigationType: 'navigate',
});

/** Event `i`, a page view or a vital alternately, recorded at `at`. */
function record(store: ReturnType<typeof open>, i: number, at: number): void {
  if (i % 2) store.recordVital(vital(i), at);
  else store.recordPageView(view(i), at);
}

async function measureWrites(): Promise<void> {
  const store = open();
  await store.summarize(now);
  const started = performance.now();
  for (let i = 0; i < events; i += 1) record(store, i, now);
  const queuedMs = performance.now() - started;
  await store.flush();
  const ms = performance.now() - started;
  console.log(`writes: ${events} events in ${ms.toFixed(0)} ms = ${Math.round(events / (ms / 1000))} events/s (queueing alone ${queuedMs.toFixed(0)} ms)`);
  await store.close();
}

async function measureSummary(): Promise<void> {
  const store = open();
  for (let i = 0; i < rows; i += 1) record(store, i, now - Math.floor((i / rows) * 30 * DAY));
  await store.flush();
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    await store.summarize(now);
    console.log(`summary over ${rows + events} rows (30 days): ${(performance.now() - started).toFixed(0)} ms`);
  }
  await store.close();
  if (!url) console.log(`SQLite file: ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB`);
}

try {
  await measureWrites();
  await measureSummary();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
