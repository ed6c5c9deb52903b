import { VITAL_NAMES } from '../vitals.ts';
import { addBinCount, createStats, mergeStats, OTHER_ROUTE, samplesOf, toP75s, toVitalsSummary } from '../window-summary.ts';
import { TABLES } from './schema.ts';

import type { VitalName } from '../vitals.ts';
import type { SearchSummary, Stats, WindowShape, WindowSummary } from '../window-summary.ts';
import type { SqlDatabase, SqlValue } from './sql-database.ts';

const { pageViews, vitals, searchEvents } = TABLES;
const isVitalName = (name: string): name is VitalName => (VITAL_NAMES as readonly string[]).includes(name);

/** Counts come back as bigint strings from PostgreSQL and as numbers from SQLite. */
type Count = number | string;

/**
 * One window of the summary, aggregated in SQL over the rows in
 * [first bucket start, end of the current bucket): views and vital histogram
 * bins per bucket and per route, then p75s from the bins. Routes are ranked
 * in SQL and only the top `maxRoutes` are grouped by name, so however many
 * distinct routes clients invent, a query returns at most
 * (maxRoutes + 1) × 5 vitals × 160 bins rows.
 */
export async function queryWindow(db: SqlDatabase, shape: WindowShape, now: number, maxRoutes: number): Promise<WindowSummary> {
  const { bucketMs, buckets } = shape;
  const from = (Math.floor(now / bucketMs) - buckets + 1) * bucketMs;
  const range = { from, to: from + buckets * bucketMs };
  const kept = await topRoutes(db, range, maxRoutes);
  const [series, routes, search] = [await querySeries(db, range, bucketMs, buckets), await queryRoutes(db, range, kept), await querySearch(db, range)];
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
  };
}

interface Range {
  from: number;
  to: number;
}

const inRange = 'at >= ? AND at < ?';
const rangeParams = (range: Range) => [range.from, range.to];

/** The most viewed routes (then most measured), without the `other` bucket's own name. */
async function topRoutes(db: SqlDatabase, range: Range, maxRoutes: number): Promise<string[]> {
  const rows = await db.query<{ route: string }>(
    `SELECT route, SUM(views) AS views, SUM(samples) AS samples FROM (
       SELECT route, COUNT(*) AS views, 0 AS samples FROM ${pageViews.name} WHERE ${inRange} GROUP BY route
       UNION ALL
       SELECT route, 0 AS views, COUNT(*) AS samples FROM ${vitals.name} WHERE ${inRange} GROUP BY route
     ) AS counted WHERE route <> ? GROUP BY route ORDER BY SUM(views) DESC, SUM(samples) DESC, route LIMIT ?`,
    [...rangeParams(range), ...rangeParams(range), OTHER_ROUTE, maxRoutes],
  );
  return rows.map((row) => row.route);
}

/** Per-bucket totals, one `Stats` per bucket, empty ones included. */
async function querySeries(db: SqlDatabase, range: Range, bucketMs: number, buckets: number): Promise<Stats[]> {
  const series = Array.from({ length: buckets }, createStats);
  const slot = 'CAST((at - ?) / ? AS INTEGER)';
  const views = await db.query<{ slot: number; n: Count }>(`SELECT ${slot} AS slot, COUNT(*) AS n FROM ${pageViews.name} WHERE ${inRange} GROUP BY slot`, [
    range.from,
    bucketMs,
    ...rangeParams(range),
  ]);
  for (const row of views) if (series[row.slot]) series[row.slot]!.views += Number(row.n);
  const bins = await db.query<{ slot: number; name: string; bin: number; n: Count }>(
    `SELECT ${slot} AS slot, name, bin, COUNT(*) AS n FROM ${vitals.name} WHERE ${inRange} GROUP BY slot, name, bin`,
    [range.from, bucketMs, ...rangeParams(range)],
  );
  for (const row of bins) if (series[row.slot] && isVitalName(row.name)) addBinCount(series[row.slot]!, row.name, row.bin, Number(row.n));
  return series;
}

/** Per-route totals for the kept routes plus `other`, most viewed first. */
async function queryRoutes(db: SqlDatabase, range: Range, kept: string[]): Promise<Array<[string, Stats]>> {
  const byRoute = new Map<string, Stats>();
  const statsFor = (route: string) => byRoute.get(route) ?? byRoute.set(route, createStats()).get(route)!;
  // No kept route means no rows at all (any row's route would have been ranked), and `IN ()` is not SQL.
  if (kept.length === 0) return [];
  const routeKey = `CASE WHEN route IN (${kept.map(() => '?').join(', ')}) THEN route ELSE ? END`;
  const keyParams: SqlValue[] = [...kept, OTHER_ROUTE];
  const views = await db.query<{ r: string; n: Count }>(`SELECT ${routeKey} AS r, COUNT(*) AS n FROM ${pageViews.name} WHERE ${inRange} GROUP BY r`, [
    ...keyParams,
    ...rangeParams(range),
  ]);
  for (const row of views) statsFor(row.r).views += Number(row.n);
  const bins = await db.query<{ r: string; name: string; bin: number; n: Count }>(
    `SELECT ${routeKey} AS r, name, bin, COUNT(*) AS n FROM ${vitals.name} WHERE ${inRange} GROUP BY r, name, bin`,
    [...keyParams, ...rangeParams(range)],
  );
  for (const row of bins) if (isVitalName(row.name)) addBinCount(statsFor(row.r), row.name, row.bin, Number(row.n));
  const rank = new Map(kept.map((route, index) => [route, index]));
  return [...byRoute].sort(([a, x], [b, y]) => (rank.get(a) ?? kept.length) - (rank.get(b) ?? kept.length) || y.views - x.views || samplesOf(y) - samplesOf(x));
}

async function querySearch(db: SqlDatabase, range: Range): Promise<SearchSummary> {
  const counts = await db.query<{ event_type: string; n: Count; position: Count | null }>(
    `SELECT event_type, COUNT(*) AS n, AVG(position) AS position FROM ${searchEvents.name} WHERE ${inRange} GROUP BY event_type`,
    rangeParams(range),
  );
  const top = await db.query<{ object_id: string; index_name: string; n: Count }>(
    `SELECT object_id, index_name, COUNT(*) AS n FROM ${searchEvents.name}
     WHERE ${inRange} AND event_type = ? AND object_id IS NOT NULL GROUP BY object_id, index_name ORDER BY COUNT(*) DESC, object_id LIMIT 10`,
    [...rangeParams(range), 'click'],
  );
  const countOf = (type: string) => Number(counts.find((row) => row.event_type === type)?.n ?? 0);
  const position = counts.find((row) => row.event_type === 'click')?.position;
  return {
    clicks: countOf('click'),
    views: countOf('view'),
    conversions: countOf('conversion'),
    averageClickPosition: position === null || position === undefined ? null : Math.round(Number(position) * 10) / 10,
    topClicked: top.map((row) => ({ objectID: row.object_id, index: row.index_name, clicks: Number(row.n) })),
  };
}
