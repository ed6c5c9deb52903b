import type { SqlStatement, SqlValue } from './sql-database.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Bucket sizes the rollups keep: hours for the last-day window (kept two
 * days), days for the week and month windows (kept for the retention period).
 */
export const ROLLUP_SIZES = { hour: HOUR, day: DAY } as const;
export const HOURLY_ROLLUP_KEEP_MS = 2 * DAY;

/**
 * Counts per bucket, kept beside the raw rows and updated in the same
 * transaction, so the longer windows read a few thousand rows instead of a
 * month of events (1 M events: about 20 s of scanning versus milliseconds).
 * The key columns are the primary key; `object_id` is '' for a filter event
 * because PostgreSQL does not allow NULL in a primary key.
 */
export const ROLLUPS = {
  views: { name: 'insights_views_rollup', keys: ['route'], sums: ['n'] },
  vitals: { name: 'insights_vitals_rollup', keys: ['route', 'name', 'bin'], sums: ['n'] },
  search: { name: 'insights_search_rollup', keys: ['event_type', 'index_name', 'object_id'], sums: ['n', 'position_sum', 'position_n'] },
} as const;

export type RollupKey = keyof typeof ROLLUPS;

const KEY_TYPES: Record<string, string> = { bin: 'INTEGER NOT NULL' };

export const ROLLUP_DDL = Object.values(ROLLUPS).map((rollup) => {
  const keys = rollup.keys.map((column) => `${column} ${KEY_TYPES[column] ?? 'TEXT NOT NULL'}`);
  const sums = rollup.sums.map((column) => `${column} BIGINT NOT NULL`);
  return `CREATE TABLE IF NOT EXISTS ${rollup.name} (size BIGINT NOT NULL, start BIGINT NOT NULL, ${[...keys, ...sums].join(', ')},
    PRIMARY KEY (size, start, ${rollup.keys.join(', ')}))`;
});

/** What one event adds to a rollup: its key (without size and start) and the amounts to add. */
export interface RollupContribution {
  rollup: RollupKey;
  key: SqlValue[];
  sums: number[];
}

/** Most rows per upsert (6 + 3 columns each). */
const ROWS_PER_UPSERT = 500;

/**
 * Upserts adding the events' counts to the hourly and daily rollups. A batch
 * is summed per key first: one statement may not touch a row twice on
 * PostgreSQL. Keys are sorted, so instances sharing a database lock rows in
 * the same order and cannot deadlock each other.
 */
export function toRollupStatements(events: Array<{ at: number; contribution: RollupContribution }>): SqlStatement[] {
  const statements: SqlStatement[] = [];
  for (const rollupKey of Object.keys(ROLLUPS) as RollupKey[]) {
    const rollup = ROLLUPS[rollupKey];
    const totals = new Map<string, { key: SqlValue[]; sums: number[] }>();
    for (const { at, contribution } of events) {
      if (contribution.rollup !== rollupKey) continue;
      for (const size of Object.values(ROLLUP_SIZES)) {
        const key = [size, Math.floor(at / size) * size, ...contribution.key];
        const id = JSON.stringify(key);
        const total = totals.get(id) ?? totals.set(id, { key, sums: contribution.sums.map(() => 0) }).get(id)!;
        contribution.sums.forEach((amount, index) => (total.sums[index]! += amount));
      }
    }
    const rows = [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, total]) => [...total.key, ...total.sums]);
    const columns = ['size', 'start', ...rollup.keys, ...rollup.sums];
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const update = rollup.sums.map((column) => `${column} = ${rollup.name}.${column} + excluded.${column}`).join(', ');
    for (let start = 0; start < rows.length; start += ROWS_PER_UPSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_UPSERT);
      statements.push({
        sql: `INSERT INTO ${rollup.name} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}
          ON CONFLICT (size, start, ${rollup.keys.join(', ')}) DO UPDATE SET ${update}`,
        params: chunk.flat(),
      });
    }
  }
  return statements;
}

/** Deletes buckets that ended before `before` (the raw rows' cutoff); hourly ones after two days at most (the day window needs one). */
export function toRollupPruneStatements(before: number, now: number): SqlStatement[] {
  return Object.values(ROLLUPS).flatMap((rollup) => [
    { sql: `DELETE FROM ${rollup.name} WHERE size = ? AND start <= ?`, params: [DAY, before - DAY] },
    { sql: `DELETE FROM ${rollup.name} WHERE size = ? AND start <= ?`, params: [HOUR, Math.max(before, now - HOURLY_ROLLUP_KEEP_MS) - HOUR] },
  ]);
}
