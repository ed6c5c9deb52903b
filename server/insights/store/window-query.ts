import { VITAL_NAMES } from '#shared/insights.ts';

import { OTHER_ROUTE, toVitalSummary } from '../summary.ts';
import { querySearchAnalytics } from './searches-window.ts';
import { ROLLUP_SIZES, ROLLUPS, TABLES } from './tables.ts';

import type { VitalName } from '#shared/insights.ts';
import type { VitalsSummary, WindowShape } from '../summary.ts';
import type { SqlDatabase, SqlValue } from './databases.ts';

const isVitalName = (name: string): name is VitalName => (VITAL_NAMES as readonly string[]).includes(name);

/** Bigint/numeric strings from PostgreSQL, numbers from SQLite. */
type Count = number | string;

/** Over the raw rows (minute buckets) or the largest rollup whose bucket size divides the window's. */
function createQuery(db: SqlDatabase, bucketMs: number, from: number, to: number) {
  const size = Object.values(ROLLUP_SIZES)
    .filter((candidate) => bucketMs % candidate === 0)
    .sort((a, b) => b - a)[0];
  const raw = size === undefined;
  const source = {
    views: raw ? TABLES.pageViews.name : ROLLUPS.views.name,
    vitals: raw ? TABLES.vitals.name : ROLLUPS.vitals.name,
    search: raw ? TABLES.searchEvents.name : ROLLUPS.search.name,
    time: raw ? 'at' : 'start',
    count: raw ? 'COUNT(*)' : 'SUM(n)',
    positionSum: raw ? 'SUM(position)' : 'SUM(position_sum)',
    positionCount: raw ? 'COUNT(position)' : 'SUM(position_n)',
  };
  const scope = raw ? { sql: 'at >= ? AND at < ?', params: [from, to] } : { sql: 'size = ? AND start >= ? AND start < ?', params: [size, from, to] };
  return {
    db,
    source,
    scope,
    from,
    run: <Row extends object>(select: string, selectParams: SqlValue[], table: string, rest: string) =>
      db.query<Row>(`SELECT ${select} FROM ${table} WHERE ${scope.sql} ${rest}`, [...selectParams, ...scope.params]),
  };
}

type WindowQuery = ReturnType<typeof createQuery>;

/** Only the top `maxRoutes` are grouped by name, so however many routes clients invent, a query returns at most (maxRoutes + 1) × 5 rows. */
export async function queryWindow(db: SqlDatabase, shape: WindowShape, now: number, maxRoutes: number) {
  const { bucketMs, buckets } = shape;
  const from = (Math.floor(now / bucketMs) - buckets + 1) * bucketMs;
  const to = from + buckets * bucketMs;
  const query = createQuery(db, bucketMs, from, to);
  const kept = await topRoutes(query, maxRoutes);
  const total = (await queryStats(query, `'all'`, [])).get('all');
  const slots = await queryStats(query, `CAST((${query.source.time} - ?) / ? AS INTEGER)`, [from, bucketMs]);
  // No kept route means no rows at all (any row's route would have been ranked), and `IN ()` is not SQL.
  const routeKey = `CASE WHEN route IN (${kept.map(() => '?').join(', ')}) THEN route ELSE ? END`;
  const routes = kept.length > 0 ? await queryStats(query, routeKey, [...kept, OTHER_ROUTE]) : new Map<string, Stats>();
  return {
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
    bucketMs,
    views: total?.views ?? 0,
    vitals: total?.vitals ?? {},
    routes: [...kept, OTHER_ROUTE].flatMap((route) => {
      const stats = routes.get(route);
      return stats ? [{ route, ...stats }] : [];
    }),
    series: Array.from({ length: buckets }, (_, slot) => {
      const vitals = Object.entries(slots.get(String(slot))?.vitals ?? {}).map(([name, vital]) => [name, vital.p75]);
      return { start: new Date(from + slot * bucketMs).toISOString(), views: slots.get(String(slot))?.views ?? 0, p75: Object.fromEntries(vitals) };
    }),
    search: await querySearch(query),
    queries: await querySearchAnalytics(db, bucketMs, from, to),
  };
}

async function topRoutes({ db, source, scope }: WindowQuery, maxRoutes: number): Promise<string[]> {
  const rows = await db.query<{ route: string }>(
    `SELECT route FROM (
       SELECT route, ${source.count} AS views, 0 AS samples FROM ${source.views} WHERE ${scope.sql} GROUP BY route
       UNION ALL
       SELECT route, 0 AS views, ${source.count} AS samples FROM ${source.vitals} WHERE ${scope.sql} GROUP BY route
     ) AS counted WHERE route <> ? GROUP BY route ORDER BY SUM(views) DESC, SUM(samples) DESC, route LIMIT ?`,
    [...scope.params, ...scope.params, OTHER_ROUTE, maxRoutes],
  );
  return rows.map((row) => row.route);
}

interface Stats {
  views: number;
  vitals: VitalsSummary;
}

/** Views and, per vital, the nearest-rank p75 bin and the sample count, per `key`: the bins merge in SQL. */
async function queryStats({ run, source, scope, db }: WindowQuery, key: string, keyParams: SqlValue[]): Promise<Map<string, Stats>> {
  const byKey = new Map<string, Stats>();
  const statsFor = (k: Count) => byKey.get(String(k)) ?? byKey.set(String(k), { views: 0, vitals: {} }).get(String(k))!;
  const views = await run<{ k: Count; n: Count }>(`${key} AS k, ${source.count} AS n`, keyParams, source.views, 'GROUP BY k');
  for (const row of views) statsFor(row.k).views += Number(row.n);
  const p75s = await db.query<{ k: Count; name: string; bin: number; n: Count }>(
    `SELECT k, name, MIN(bin) AS bin, MAX(total) AS n FROM (
       SELECT k, name, bin, SUM(n) OVER (PARTITION BY k, name ORDER BY bin) AS seen, SUM(n) OVER (PARTITION BY k, name) AS total
       FROM (SELECT ${key} AS k, name, bin, ${source.count} AS n FROM ${source.vitals} WHERE ${scope.sql} GROUP BY k, name, bin) AS bins
     ) AS ranked WHERE seen >= 0.75 * total GROUP BY k, name`,
    [...keyParams, ...scope.params],
  );
  for (const row of p75s) if (isVitalName(row.name)) statsFor(row.k).vitals[row.name] = toVitalSummary(row.name, Number(row.bin), Number(row.n));
  return byKey;
}

/** An Insights event on n objectIDs counts n, a filter event 1. */
async function querySearch({ run, source }: WindowQuery) {
  const counts = await run<{ event_type: string; n: Count; position_sum: Count | null; position_n: Count | null }>(
    `event_type, ${source.count} AS n, ${source.positionSum} AS position_sum, ${source.positionCount} AS position_n`,
    [],
    source.search,
    'GROUP BY event_type',
  );
  // object_id is NULL in raw rows and '' in rollups for a filter event; `<> ''` skips both.
  const top = await run<{ object_id: string; index_name: string; n: Count }>(
    `object_id, index_name, ${source.count} AS n`,
    [],
    source.search,
    `AND event_type = 'click' AND object_id <> '' GROUP BY object_id, index_name ORDER BY ${source.count} DESC, object_id LIMIT 10`,
  );
  const countOf = (type: string) => Number(counts.find((row) => row.event_type === type)?.n ?? 0);
  const clicks = counts.find((row) => row.event_type === 'click');
  const positions = Number(clicks?.position_n ?? 0);
  return {
    clicks: countOf('click'),
    views: countOf('view'),
    conversions: countOf('conversion'),
    averageClickPosition: positions > 0 ? Math.round((Number(clicks?.position_sum) / positions) * 10) / 10 : null,
    topClicked: top.map((row) => ({ objectID: row.object_id, index: row.index_name, clicks: Number(row.n) })),
  };
}

export type WindowSummary = Awaited<ReturnType<typeof queryWindow>>;
export type SearchSummary = Awaited<ReturnType<typeof querySearch>>;
