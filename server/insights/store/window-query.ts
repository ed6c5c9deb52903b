import { VITAL_NAMES } from '#shared/insights.ts';

import { addBinCount, createStats, mergeStats, OTHER_ROUTE, samplesOf, toP75s, toVitalsSummary } from '../summary.ts';
import { querySearchAnalytics } from './searches-window.ts';
import { ROLLUP_SIZES, ROLLUPS, TABLES } from './tables.ts';

import type { VitalName } from '#shared/insights.ts';
import type { Stats, WindowShape } from '../summary.ts';
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

/** Only the top `maxRoutes` are grouped by name, so however many routes clients invent, a query returns at most (maxRoutes + 1) × 5 × 160 rows. */
export async function queryWindow(db: SqlDatabase, shape: WindowShape, now: number, maxRoutes: number) {
  const { bucketMs, buckets } = shape;
  const from = (Math.floor(now / bucketMs) - buckets + 1) * bucketMs;
  const to = from + buckets * bucketMs;
  const query = createQuery(db, bucketMs, from, to);
  const kept = await topRoutes(query, maxRoutes);
  const series = await querySeries(query, bucketMs, buckets);
  const routes = await queryRoutes(query, kept);
  const search = await querySearch(query);
  const queries = await querySearchAnalytics(db, bucketMs, from, to);
  const total = mergeStats(routes.map(([, stats]) => stats));
  return {
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
    bucketMs,
    views: total.views,
    vitals: toVitalsSummary(total.vitals),
    routes: routes.map(([route, stats]) => ({ route, views: stats.views, vitals: toVitalsSummary(stats.vitals) })),
    series: series.map((stats, index) => ({ start: new Date(from + index * bucketMs).toISOString(), views: stats.views, p75: toP75s(stats.vitals) })),
    search,
    queries,
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

async function queryStats({ run, source }: WindowQuery, key: string, keyParams: SqlValue[], statsFor: (key: string) => Stats | undefined) {
  const views = await run<{ k: string; n: Count }>(`${key} AS k, ${source.count} AS n`, keyParams, source.views, 'GROUP BY k');
  for (const row of views) {
    const stats = statsFor(String(row.k));
    if (stats) stats.views += Number(row.n);
  }
  const bins = await run<{ k: string; name: string; bin: number; n: Count }>(
    `${key} AS k, name, bin, ${source.count} AS n`,
    keyParams,
    source.vitals,
    'GROUP BY k, name, bin',
  );
  for (const row of bins) {
    const stats = statsFor(String(row.k));
    if (stats && isVitalName(row.name)) addBinCount(stats, row.name, Number(row.bin), Number(row.n));
  }
}

async function querySeries(query: WindowQuery, bucketMs: number, buckets: number): Promise<Stats[]> {
  const series = Array.from({ length: buckets }, createStats);
  await queryStats(query, `CAST((${query.source.time} - ?) / ? AS INTEGER)`, [query.from, bucketMs], (slot) => series[Number(slot)]);
  return series;
}

async function queryRoutes(query: WindowQuery, kept: string[]): Promise<Array<[string, Stats]>> {
  // No kept route means no rows at all (any row's route would have been ranked), and `IN ()` is not SQL.
  if (kept.length === 0) return [];
  const byRoute = new Map<string, Stats>();
  const routeKey = `CASE WHEN route IN (${kept.map(() => '?').join(', ')}) THEN route ELSE ? END`;
  await queryStats(query, routeKey, [...kept, OTHER_ROUTE], (route) => byRoute.get(route) ?? byRoute.set(route, createStats()).get(route));
  const rank = (route: string) => (route === OTHER_ROUTE ? kept.length : kept.indexOf(route));
  return [...byRoute].sort(([a, x], [b, y]) => rank(a) - rank(b) || y.views - x.views || samplesOf(y) - samplesOf(x));
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
