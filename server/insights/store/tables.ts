import { DAY, HOUR, MINUTE, toVitalBin, UNKNOWN_ROUTE } from '../summary.ts';

import type { InsightEvent, PageViewEvent, VitalEvent } from '#shared/insights.ts';
import type { SqlDatabase, SqlStatement, SqlValue } from './databases.ts';

// Nothing identifies a visitor (README.md).
const [BIGINT, TEXT, INTEGER, DOUBLE] = ['BIGINT NOT NULL', 'TEXT NOT NULL', 'INTEGER NOT NULL', 'DOUBLE PRECISION NOT NULL'];
export const TABLES = {
  pageViews: {
    name: 'insights_page_views',
    columns: { at: BIGINT, route: TEXT, path: TEXT, locale: 'TEXT', referrer: 'TEXT', viewport: TEXT, navigation: TEXT },
  },
  vitals: {
    name: 'insights_vitals',
    columns: { at: BIGINT, route: TEXT, path: TEXT, name: TEXT, value: DOUBLE, bin: INTEGER, rating: TEXT, viewport: TEXT, navigation_type: TEXT },
  },
  searchEvents: {
    name: 'insights_search_events',
    columns: {
      at: BIGINT,
      event_type: TEXT,
      event_subtype: 'TEXT',
      event_name: TEXT,
      index_name: TEXT,
      object_id: 'TEXT',
      position: 'INTEGER',
      query_id: 'TEXT',
    },
  },
  /** Kept two days; clicks and conversions update it by query_id (searches.ts). */
  searches: {
    name: 'insights_searches',
    columns: { at: BIGINT, locale: TEXT, query: TEXT, hits: INTEGER, query_id: TEXT, clicks: INTEGER, position_sum: INTEGER, conversions: INTEGER },
  },
} as const;

/** The summary windows read these, never the raw rows: the minute buckets for the last hour. */
export const ROLLUP_SIZES = { minute: MINUTE, hour: HOUR, day: DAY } as const;

/** `object_id` is '' for a filter event: no NULL in a primary key. */
export const ROLLUPS = {
  views: { name: 'insights_views_rollup', keys: ['route'], sums: ['n'] },
  vitals: { name: 'insights_vitals_rollup', keys: ['route', 'name', 'bin'], sums: ['n'] },
  search: { name: 'insights_search_rollup', keys: ['event_type', 'index_name', 'object_id'], sums: ['n', 'position_sum', 'position_n'] },
  /** Daily only. */
  queries: {
    name: 'insights_query_rollup',
    keys: ['locale', 'query'],
    sums: ['searches', 'no_results', 'clicked', 'clicks', 'position_sum', 'converted'],
  },
} as const;

type TableKey = keyof typeof TABLES;
type RollupKey = keyof typeof ROLLUPS;

interface StoredRow {
  table: TableKey;
  at: number;
  values: SqlValue[];
  contribution: { rollup: RollupKey; key: SqlValue[]; sums: number[] };
}

/** Written in queue order after the plain rows: they read what earlier ones wrote. */
interface StatementRow {
  table: 'statements';
  statements: SqlStatement[];
}

export type BufferedRow = StoredRow | StatementRow;

/** The user tokens and the client's timestamp are not stored. */
export type SearchInsightEvent = Pick<InsightEvent, 'eventType' | 'eventSubtype' | 'eventName' | 'index' | 'objectIDs' | 'positions' | 'queryID'>;

/** Longest object id kept; Algolia's own limit is far below what a 64 KiB body could carry. */
const MAX_OBJECT_ID_LENGTH = 512;

/** PostgreSQL refuses NUL in text (and would fail the whole batch); the schemas allow it in paths. */
const text = (value: string) => value.replaceAll('\0', '');
const optionalText = (value: string | null | undefined) => (value === null || value === undefined ? null : text(value));

export function toPageViewRow(event: PageViewEvent, at: number): StoredRow {
  const route = text(event.route ?? UNKNOWN_ROUTE);
  const values = [at, route, text(event.path), optionalText(event.locale), optionalText(event.referrer), event.viewport, event.navigation];
  return { table: 'pageViews', at, values, contribution: { rollup: 'views', key: [route], sums: [1] } };
}

export function toVitalRow(event: VitalEvent, at: number): StoredRow {
  const route = text(event.route ?? UNKNOWN_ROUTE);
  const bin = toVitalBin(event.name, event.value);
  const values = [at, route, text(event.path), event.name, event.value, bin, event.rating, event.viewport, event.navigationType];
  return { table: 'vitals', at, values, contribution: { rollup: 'vitals', key: [route, event.name, bin], sums: [1] } };
}

/** One row per object, as Algolia counts them; a filter event names none. */
export function toSearchRows(event: SearchInsightEvent, at: number): StoredRow[] {
  const index = text(event.index);
  return (event.objectIDs ?? [null]).map((rawObjectID, i) => {
    const objectID = rawObjectID === null ? null : text(rawObjectID).slice(0, MAX_OBJECT_ID_LENGTH);
    const position = event.positions?.[i] ?? null;
    const { eventType, eventSubtype, eventName, queryID } = event;
    return {
      table: 'searchEvents',
      at,
      values: [at, eventType, optionalText(eventSubtype), text(eventName), index, objectID, position, optionalText(queryID)],
      contribution: { rollup: 'search', key: [eventType, index, objectID ?? ''], sums: [1, position ?? 0, position === null ? 0 : 1] },
    };
  });
}

/** "insi": the advisory lock PostgreSQL instances starting together take around `CREATE TABLE IF NOT EXISTS`. */
const SCHEMA_LOCK_KEY = 0x696e7369;

export async function ensureSchema(db: SqlDatabase): Promise<void> {
  const lock: SqlStatement[] = db.kind === 'postgres' ? [{ sql: 'SELECT pg_advisory_xact_lock(?)', params: [SCHEMA_LOCK_KEY] }] : [];
  const tables = Object.values(TABLES).flatMap(({ name, columns }) => [
    `CREATE TABLE IF NOT EXISTS ${name} (${Object.entries(columns)
      .map(([column, type]) => `${column} ${type}`)
      .join(', ')})`,
    `CREATE INDEX IF NOT EXISTS ${name}_at ON ${name} (at)`,
  ]);
  tables.push(`CREATE INDEX IF NOT EXISTS ${TABLES.searches.name}_query_id ON ${TABLES.searches.name} (query_id)`);
  const rollups = Object.values(ROLLUPS).map((rollup) => {
    const keys = rollup.keys.map((column) => `${column} ${column === 'bin' ? INTEGER : TEXT}`);
    const sums = rollup.sums.map((column) => `${column} ${BIGINT}`);
    return `CREATE TABLE IF NOT EXISTS ${rollup.name} (size ${BIGINT}, start ${BIGINT}, ${[...keys, ...sums].join(', ')},
      PRIMARY KEY (size, start, ${rollup.keys.join(', ')}))`;
  });
  const ddl = [...tables, ...rollups].map((sql) => ({ sql, params: [] }));
  await db.transaction([...lock, ...ddl]);
}

/** Most rows per statement: 500 × 9 columns stays far below SQLite's 32 766 and PostgreSQL's 65 535 parameters. */
const ROWS_PER_STATEMENT = 500;

function chunked(rows: SqlValue[][], toSql: (tuples: string) => string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    statements.push({ sql: toSql(chunk.map((row) => `(${row.map(() => '?').join(', ')})`).join(', ')), params: chunk.flat() });
  }
  return statements;
}

export function toInsertStatements(buffered: BufferedRow[]): SqlStatement[] {
  const rows = buffered.filter((row): row is StoredRow => row.table !== 'statements');
  const inserts = (Object.keys(TABLES) as TableKey[]).flatMap((key) => {
    const { name, columns } = TABLES[key];
    const values = rows.filter((row) => row.table === key).map((row) => row.values);
    return chunked(values, (tuples) => `INSERT INTO ${name} (${Object.keys(columns).join(', ')}) VALUES ${tuples}`);
  });
  const own = buffered.flatMap((row) => (row.table === 'statements' ? row.statements : []));
  return [...inserts, ...toRollupStatements(rows), ...own];
}

/** Upserts per rollup, summed per key (a statement may not touch a row twice) and sorted (no deadlocks between instances). */
function toRollupStatements(rows: StoredRow[]): SqlStatement[] {
  return (Object.keys(ROLLUPS) as RollupKey[]).flatMap((rollupKey) => {
    const rollup = ROLLUPS[rollupKey];
    const totals = new Map<string, { key: SqlValue[]; sums: number[] }>();
    for (const { at, contribution } of rows) {
      if (contribution.rollup !== rollupKey) continue;
      for (const size of Object.values(ROLLUP_SIZES)) {
        const key = [size, Math.floor(at / size) * size, ...contribution.key];
        const id = JSON.stringify(key);
        const total = totals.get(id) ?? totals.set(id, { key, sums: contribution.sums.map(() => 0) }).get(id)!;
        contribution.sums.forEach((amount, index) => (total.sums[index]! += amount));
      }
    }
    const sorted = [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, total]) => [...total.key, ...total.sums]);
    const columns = ['size', 'start', ...rollup.keys, ...rollup.sums];
    const update = rollup.sums.map((column) => `${column} = ${rollup.name}.${column} + excluded.${column}`).join(', ');
    return chunked(
      sorted,
      (tuples) => `INSERT INTO ${rollup.name} (${columns.join(', ')}) VALUES ${tuples}
        ON CONFLICT (size, start, ${rollup.keys.join(', ')}) DO UPDATE SET ${update}`,
    );
  });
}

/** Minute and hourly buckets and raw searches (read by the hour and day windows only) go after two days at most. */
export function toPruneStatements(before: number, now: number): SqlStatement[] {
  const twoDays = Math.max(before, now - 2 * DAY);
  return [
    ...Object.values(TABLES).map((table) => ({ sql: `DELETE FROM ${table.name} WHERE at < ?`, params: [table === TABLES.searches ? twoDays : before] })),
    ...Object.values(ROLLUPS).flatMap((rollup) =>
      Object.values(ROLLUP_SIZES).map((size) => ({
        sql: `DELETE FROM ${rollup.name} WHERE size = ? AND start <= ?`,
        params: [size, (size === DAY ? before : twoDays) - size],
      })),
    ),
  ];
}
