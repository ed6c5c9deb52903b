import { ROLLUP_DDL, toRollupPruneStatements, toRollupStatements } from './rollups.ts';

import type { RollupContribution } from './rollups.ts';
import type { SqlDatabase, SqlStatement, SqlValue } from './sql-database.ts';

/**
 * One row per event, times in ms since the epoch (BIGINT), in SQL that
 * SQLite and PostgreSQL both take. Vitals keep their histogram bin beside
 * the value, so percentiles are counted per bin in SQL and merged exactly
 * like the in-memory histograms (window-summary.ts). Nothing here identifies
 * a visitor: no address, no user token, no metric id.
 */
export const TABLES = {
  pageViews: {
    name: 'insights_page_views',
    columns: ['at', 'route', 'path', 'locale', 'referrer', 'viewport', 'navigation'],
    ddl: `CREATE TABLE IF NOT EXISTS insights_page_views (
      at BIGINT NOT NULL, route TEXT NOT NULL, path TEXT NOT NULL, locale TEXT, referrer TEXT, viewport TEXT NOT NULL, navigation TEXT NOT NULL)`,
  },
  vitals: {
    name: 'insights_vitals',
    columns: ['at', 'route', 'path', 'name', 'value', 'bin', 'rating', 'viewport', 'navigation_type'],
    ddl: `CREATE TABLE IF NOT EXISTS insights_vitals (
      at BIGINT NOT NULL, route TEXT NOT NULL, path TEXT NOT NULL, name TEXT NOT NULL, value DOUBLE PRECISION NOT NULL, bin INTEGER NOT NULL,
      rating TEXT NOT NULL, viewport TEXT NOT NULL, navigation_type TEXT NOT NULL)`,
  },
  searchEvents: {
    name: 'insights_search_events',
    columns: ['at', 'event_type', 'event_subtype', 'event_name', 'index_name', 'object_id', 'position', 'query_id'],
    ddl: `CREATE TABLE IF NOT EXISTS insights_search_events (
      at BIGINT NOT NULL, event_type TEXT NOT NULL, event_subtype TEXT, event_name TEXT NOT NULL, index_name TEXT NOT NULL, object_id TEXT,
      position INTEGER, query_id TEXT)`,
  },
} as const;

export type TableKey = keyof typeof TABLES;

/** An event ready to store: its row (values in the order of its table's `columns`, time first) and what it adds to the rollups. */
export interface StoredRow {
  table: TableKey;
  at: number;
  values: SqlValue[];
  contribution: RollupContribution;
}

/** Every summary and prune reads a time range, so each table is indexed by time. */
const INDEXES = Object.values(TABLES).map((table) => `CREATE INDEX IF NOT EXISTS ${table.name}_at ON ${table.name} (at)`);

/**
 * Creates the tables and indexes if missing. On PostgreSQL, instances
 * starting together would race on `CREATE TABLE IF NOT EXISTS` (it is not
 * atomic there), so they take a transaction-scoped advisory lock first.
 */
export async function ensureSchema(db: SqlDatabase): Promise<void> {
  const lock: SqlStatement[] = db.kind === 'postgres' ? [{ sql: 'SELECT pg_advisory_xact_lock(?)', params: [SCHEMA_LOCK_KEY] }] : [];
  const ddl = [...Object.values(TABLES).map((table) => table.ddl), ...INDEXES, ...ROLLUP_DDL].map((sql) => ({ sql, params: [] }));
  await db.transaction([...lock, ...ddl]);
}

/** An arbitrary constant naming this schema's advisory lock ("insi" in ASCII). */
const SCHEMA_LOCK_KEY = 0x696e7369;

/** Most rows per INSERT: 500 × 9 columns stays far below SQLite's 32 766 and PostgreSQL's 65 535 parameters. */
const ROWS_PER_INSERT = 500;

/** Multi-row INSERTs for the rows, grouped by table (one round trip per 500 rows on PostgreSQL), then the rollup upserts. */
export function toInsertStatements(rows: StoredRow[]): SqlStatement[] {
  const statements: SqlStatement[] = [];
  for (const key of Object.keys(TABLES) as TableKey[]) {
    const table = TABLES[key];
    const values = rows.filter((row) => row.table === key).map((row) => row.values);
    for (let start = 0; start < values.length; start += ROWS_PER_INSERT) {
      const chunk = values.slice(start, start + ROWS_PER_INSERT);
      const tuple = `(${table.columns.map(() => '?').join(', ')})`;
      statements.push({
        sql: `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
        params: chunk.flat(),
      });
    }
  }
  return [...statements, ...toRollupStatements(rows)];
}

/** Deletes rows older than `before` (ms) and the rollup buckets that ended by then. */
export function toPruneStatements(before: number, now: number): SqlStatement[] {
  return [
    ...Object.values(TABLES).map((table) => ({ sql: `DELETE FROM ${table.name} WHERE at < ?`, params: [before] })),
    ...toRollupPruneStatements(before, now),
  ];
}
