import { resolve } from 'node:path';

import { DAY, HOUR, WINDOWS } from '../summary.ts';
import { openPostgresDatabase, openSqliteDatabase } from './databases.ts';
import { ensureSchema, toInsertStatements, toPageViewRow, toPruneStatements, toSearchRows, toVitalRow } from './tables.ts';
import { toSearchAnalyticsStatements } from './searches.ts';
import { queryWindow } from './window-query.ts';
import { createWriteBuffer } from './write-buffer.ts';

import type { Config } from '#server/config.ts';
import type { PageViewEvent, ParsedSearchAnalyticsEvent, VitalEvent } from '#shared/insights.ts';
import type { WindowName } from '../summary.ts';
import type { SqlDatabase } from './databases.ts';
import type { BufferedRow, SearchInsightEvent } from './tables.ts';
import type { WindowSummary } from './window-query.ts';
import type { WriteBufferOptions } from './write-buffer.ts';
import type { Logger } from 'pino';

/** Opening a locked SQLite file: 100 ms apart and then longer, 1 s in all, before it is logged. */
const OPEN_ATTEMPTS = 5;

export type InsightsStore = ReturnType<typeof createInsightsStore>;
export type InsightsSummary = Awaited<ReturnType<InsightsStore['summarize']>>;

export interface InsightsStoreOptions {
  kind: SqlDatabase['kind'];
  /** Called again on the next flush after it failed (disk, permissions, server down). */
  open(): SqlDatabase | Promise<SqlDatabase>;
  logger: Logger;
  retentionDays: number;
  /** The rest count as `other`. */
  maxRoutes?: number;
  buffer?: Pick<WriteBufferOptions<BufferedRow>, 'maxPending' | 'maxBatch' | 'flushIntervalMs' | 'maxAttempts'>;
  now?: () => number;
}

export function openInsightsStore(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'insights'>, logger: Logger) {
  const log = logger.child({ module: 'insights-store' });
  const url = config.databaseUrl;
  const file = resolve(config.dataDir, 'insights.sqlite');
  return createInsightsStore({
    kind: url ? 'postgres' : 'sqlite',
    open: url ? () => openPostgresDatabase({ url, logger: log }) : () => openSqliteDatabase(file),
    logger: log,
    retentionDays: config.insights.retentionDays,
  });
}

export function createInsightsStore(options: InsightsStoreOptions) {
  const { logger, retentionDays, maxRoutes = 40, now = Date.now } = options;
  const failures = createFailureLog(logger);
  let db: SqlDatabase | undefined;
  let opening: Promise<SqlDatabase> | undefined;
  let warnedFullAt = Number.NEGATIVE_INFINITY;

  async function getDatabase(): Promise<SqlDatabase> {
    if (db) return db;
    opening ??= openWithSchema().finally(() => (opening = undefined));
    return opening;
  }

  /** Workers starting together on one SQLite file lock each other out for a moment (WAL switch, schema): wait, do not log. */
  async function openWithSchema(): Promise<SqlDatabase> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const opened = await options.open();
        await ensureSchema(opened).catch(async (error: unknown) => {
          await opened.close().catch(() => undefined);
          throw error;
        });
        db = opened;
        logger.info({ kind: opened.kind, location: opened.location, retentionDays }, 'insights store open');
        void prune();
        return opened;
      } catch (error) {
        if (![5, 6].includes(getSqliteCode(error) ?? 0) || attempt >= OPEN_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, attempt * 100));
      }
    }
  }

  const buffer = createWriteBuffer<BufferedRow>({
    ...options.buffer,
    write: async (rows) => (await getDatabase()).transaction(toInsertStatements(rows)),
    onError: (error) => failures.report(error, { pending: buffer.stats().pending }),
    onRecovered: () => failures.recovered({ dropped: buffer.stats().dropped }),
  });

  /** A flood fills the queue again every second; one warning a minute says so, with the running count. */
  function push(rows: BufferedRow[]): void {
    let full = false;
    for (const row of rows) full = !buffer.push(row) || full;
    if (!full || now() - warnedFullAt < 60_000) return;
    warnedFullAt = now();
    const { pending, dropped } = buffer.stats();
    logger.warn({ pending, dropped }, 'insights queue full; dropping events');
  }

  async function prune(at = now()): Promise<void> {
    try {
      await (await getDatabase()).transaction(toPruneStatements(at - retentionDays * DAY, at));
    } catch (error) {
      failures.report(error, { during: 'prune' });
    }
  }

  const pruneTimer = setInterval(() => void prune(), HOUR);
  pruneTimer.unref();
  // Open (and prune) now rather than at the first event, so a bad DATA_DIR or DATABASE_URL shows in the start-up log.
  void getDatabase().catch((error: unknown) => failures.report(error, { during: 'open' }));

  const stats = () => ({ kind: options.kind, retentionDays, open: db !== undefined, ...buffer.stats() });

  // Recording never throws and never waits: storage trouble is logged, not passed on.
  return {
    recordPageView: (event: PageViewEvent, at = now()) => push([toPageViewRow(event, at)]),
    recordVital: (event: VitalEvent, at = now()) => push([toVitalRow(event, at)]),
    recordSearchEvents: (events: SearchInsightEvent[], at = now()) => push(events.flatMap((event) => toSearchRows(event, at))),
    recordSearchAnalytics: (event: ParsedSearchAnalyticsEvent, at = now()) =>
      push([{ table: 'statements', statements: toSearchAnalyticsStatements(event, at) }]),
    /** Rejects when the database is unavailable. */
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

/** node:sqlite sets code ERR_SQLITE_ERROR on every error, and the SQLite result code in errcode (5 busy, 6 locked; extended codes masked). */
function getSqliteCode(error: unknown): number | undefined {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' ? errcode & 0xff : undefined;
}

function getFailureKind(error: unknown): string {
  const { code, errstr, name } = (error ?? {}) as { code?: unknown; errstr?: unknown; name?: unknown };
  const sqlite = getSqliteCode(error);
  if (sqlite !== undefined) return `sqlite:${sqlite}${typeof errstr === 'string' ? ` ${errstr}` : ''}`;
  if (typeof code === 'string' && code) return code;
  return typeof name === 'string' ? name : 'unknown';
}

/** One error line per kind of failure, not one per batch: a full disk would otherwise log every second. */
function createFailureLog(logger: Logger) {
  const seen = new Set<string>();
  let unlogged = 0;
  return {
    report(error: unknown, context: Record<string, unknown>) {
      const kind = getFailureKind(error);
      if (seen.has(kind)) return void (unlogged += 1);
      seen.add(kind);
      logger.error({ err: error, kind, ...context }, 'insights store write failed');
    },
    /** Re-arms every kind. */
    recovered(context: Record<string, unknown>) {
      if (seen.size === 0) return;
      logger.info({ kinds: [...seen], repeatsNotLogged: unlogged, ...context }, 'insights store writes again');
      seen.clear();
      unlogged = 0;
    },
  };
}
