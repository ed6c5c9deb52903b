import { WINDOWS } from '../window-summary.ts';
import { toPageViewRow, toSearchRows, toVitalRow } from './event-rows.ts';
import { createFailureLog } from './failure-log.ts';
import { ensureSchema, toInsertStatements, toPruneStatements } from './schema.ts';
import { queryWindow } from './window-query.ts';
import { createWriteBuffer } from './write-buffer.ts';

import type { PageViewEvent, VitalEvent } from '../event-schema.ts';
import type { WindowName, WindowSummary } from '../window-summary.ts';
import type { SearchInsightEvent } from './event-rows.ts';
import type { StoredRow } from './schema.ts';
import type { SqlDatabase } from './sql-database.ts';
import type { WriteBufferOptions, WriteBufferStats } from './write-buffer.ts';
import type { Logger } from 'pino';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface InsightsStoreStats extends WriteBufferStats {
  kind: SqlDatabase['kind'];
  retentionDays: number;
  /** False until the database opened and its tables exist (or while it cannot be opened). */
  open: boolean;
}

export interface InsightsSummary {
  generatedAt: string;
  store: InsightsStoreStats;
  windows: Record<WindowName, WindowSummary>;
}

export interface InsightsStore {
  /** Queue events for the next batch. Never throws and never waits: storage trouble is logged, not passed on. */
  recordPageView(event: PageViewEvent, at?: number): void;
  recordVital(event: VitalEvent, at?: number): void;
  recordSearchEvents(events: SearchInsightEvent[], at?: number): void;
  /** Every window, from the database (after writing what is queued). Rejects when the database is unavailable. */
  summarize(now?: number): Promise<InsightsSummary>;
  flush(): Promise<void>;
  /** Deletes rows older than the retention period (also run at open and hourly). */
  prune(now?: number): Promise<void>;
  stats(): InsightsStoreStats;
  /** Stops the timers, writes what is queued, closes the database. */
  close(): Promise<void>;
}

export interface InsightsStoreOptions {
  kind: SqlDatabase['kind'];
  /** Opens the database; called again on the next flush after it failed (disk, permissions, server down). */
  open(): SqlDatabase | Promise<SqlDatabase>;
  logger: Logger;
  retentionDays: number;
  /** Distinct routes per summary; the rest count as `other`. Default 40. */
  maxRoutes?: number;
  /** Batching; defaults in write-buffer.ts (1 s, 500 per batch, 10 000 queued). */
  buffer?: Pick<WriteBufferOptions<StoredRow>, 'maxPending' | 'maxBatch' | 'flushIntervalMs' | 'maxAttempts'>;
  /** How often old rows are deleted. Default one hour. */
  pruneIntervalMs?: number;
  now?: () => number;
}

/**
 * Durable insights: page views, Web Vitals and search Insights events as
 * rows in SQLite or PostgreSQL, written in batches (one transaction a
 * second) and kept for `retentionDays`. The collector's answer never waits
 * for the database: events are queued, and a failing database (full disk,
 * read-only directory, locked file, server down) costs log lines, once per
 * kind of failure, and eventually the events that no longer fit the queue.
 */
export function createInsightsStore(options: InsightsStoreOptions): InsightsStore {
  const { logger, retentionDays, maxRoutes = 40, now = Date.now } = options;
  const failures = createFailureLog(logger, 'insights store write failed');
  let db: SqlDatabase | undefined;
  let opening: Promise<SqlDatabase> | undefined;
  let warnedFullAt = Number.NEGATIVE_INFINITY;

  async function getDatabase(): Promise<SqlDatabase> {
    if (db) return db;
    opening ??= openWithSchema().finally(() => (opening = undefined));
    return opening;
  }

  async function openWithSchema(): Promise<SqlDatabase> {
    const opened = await options.open();
    try {
      await ensureSchema(opened);
    } catch (error) {
      await opened.close().catch(() => undefined);
      throw error;
    }
    db = opened;
    logger.info({ kind: opened.kind, location: opened.location, retentionDays }, 'insights store open');
    void prune();
    return opened;
  }

  const buffer = createWriteBuffer<StoredRow>({
    ...options.buffer,
    write: async (rows) => {
      const database = await getDatabase();
      await database.transaction(toInsertStatements(rows));
    },
    onError: (error) => failures.report(error, { pending: buffer.stats().pending }),
    onRecovered: () => failures.recovered({ dropped: buffer.stats().dropped }),
  });

  /** A flood fills the queue again every second; one warning a minute says so, with the running count. */
  function push(rows: StoredRow[]): void {
    let full = false;
    for (const row of rows) full = !buffer.push(row) || full;
    if (!full || now() - warnedFullAt < 60_000) return;
    warnedFullAt = now();
    const { pending, dropped } = buffer.stats();
    logger.warn({ pending, dropped }, 'insights queue full; dropping events');
  }

  async function prune(at = now()): Promise<void> {
    try {
      const database = await getDatabase();
      await database.transaction(toPruneStatements(at - retentionDays * DAY, at));
    } catch (error) {
      failures.report(error, { during: 'prune' });
    }
  }

  const pruneTimer = setInterval(() => void prune(), options.pruneIntervalMs ?? HOUR);
  pruneTimer.unref();
  // Open (and prune) now rather than at the first event, so a bad DATA_DIR or DATABASE_URL shows in the start-up log.
  void getDatabase().catch((error: unknown) => failures.report(error, { during: 'open' }));

  const stats = (): InsightsStoreStats => ({ kind: options.kind, retentionDays, open: db !== undefined, ...buffer.stats() });

  return {
    recordPageView: (event, at = now()) => push([toPageViewRow(event, at)]),
    recordVital: (event, at = now()) => push([toVitalRow(event, at)]),
    recordSearchEvents: (events, at = now()) => push(events.flatMap((event) => toSearchRows(event, at))),
    async summarize(at = now()) {
      await buffer.flush();
      const database = await getDatabase();
      const windows: Partial<Record<WindowName, WindowSummary>> = {};
      for (const name of Object.keys(WINDOWS) as WindowName[]) windows[name] = await queryWindow(database, WINDOWS[name], at, maxRoutes);
      return { generatedAt: new Date(at).toISOString(), store: stats(), windows: windows as Record<WindowName, WindowSummary> };
    },
    flush: () => buffer.flush(),
    prune,
    stats,
    async close() {
      clearInterval(pruneTimer);
      await buffer.close();
      const { pending, dropped } = buffer.stats();
      if (pending > 0) logger.warn({ pending, dropped }, 'insights store closed with events it could not write');
      await opening?.catch(() => undefined);
      await db?.close();
      db = undefined;
    },
  };
}
