import { VITAL_NAMES } from '#shared/insights.ts';

import { OTHER_ROUTE, toVitalSummary } from '../summary.ts';
import { querySearchAnalytics } from './searches-window.ts';
import { ROLLUP_SIZES, ROLLUPS } from './tables.ts';

import type { VitalName } from '#shared/insights.ts';
import type { VitalsSummary, WindowShape } from '../summary.ts';
import type { SqlDatabase, SqlValue } from './databases.ts';

const isVitalName = (name: string): name is VitalName => (VITAL_NAMES as readonly string[]).includes(name);

/** Bigint/numeric strings from PostgreSQL, numbers from SQLite. */
type Count = number | string;

interface Stats {
  views: number;
  vitals: VitalsSummary;
}

const [VIEWS, VITALS, SEARCH] = [ROLLUPS.views.name, ROLLUPS.vitals.name, ROLLUPS.search.name];
/** The window's rows of a rollup; its parameters are `scope`. */
const IN_WINDOW = 'size = ? AND start >= ? AND start < ?';

/** Only the top `maxRoutes` are grouped by name, so however many routes clients invent, a query returns at most (maxRoutes + 1) × 5 rows. */
export async function queryWindow(db: SqlDatabase, shape: WindowShape, now: number, maxRoutes: number) {
  const { bucketMs, buckets } = shape;
  const from = (Math.floor(now / bucketMs) - buckets + 1) * bucketMs;
  const to = from + buckets * bucketMs;
  // The largest rollup whose bucket size divides the window's.
  const scope = [Math.max(...Object.values(ROLLUP_SIZES).filter((size) => bucketMs % size === 0)), from, to];
  const kept = await topRoutes(db, scope, maxRoutes);
  const total = (await queryStats(db, scope, `'all'`, [])).get('all');
  const slots = await queryStats(db, scope, `CAST((start - ?) / ? AS INTEGER)`, [from, bucketMs]);
  // No kept route means no rows at all (any row's route would have been ranked), and `IN ()` is not SQL.
  const routeKey = `CASE WHEN route IN (${kept.map(() => '?').join(', ')}) THEN route ELSE ? END`;
  const routes = kept.length > 0 ? await queryStats(db, scope, routeKey, [...kept, OTHER_ROUTE]) : new Map<string, Stats>();
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
      const stats = slots.get(String(slot));
      const p75 = Object.fromEntries(Object.entries(stats?.vitals ?? {}).map(([name, vital]) => [name, vital.p75]));
      return { start: new Date(from + slot * bucketMs).toISOString(), views: stats?.views ?? 0, p75 };
    }),
    search: await querySearch(db, scope),
    queries: await querySearchAnalytics(db, bucketMs, from, to),
  };
}

async function topRoutes(db: SqlDatabase, scope: SqlValue[], maxRoutes: number): Promise<string[]> {
  const rows = await db.query<{ route: string }>(
    `SELECT route FROM (
       SELECT route, SUM(n) AS views, 0 AS samples FROM ${VIEWS} WHERE ${IN_WINDOW} GROUP BY route
       UNION ALL
       SELECT route, 0 AS views, SUM(n) AS samples FROM ${VITALS} WHERE ${IN_WINDOW} GROUP BY route
     ) AS counted WHERE route <> ? GROUP BY route ORDER BY SUM(views) DESC, SUM(samples) DESC, route LIMIT ?`,
    [...scope, ...scope, OTHER_ROUTE, maxRoutes],
  );
  return rows.map((row) => row.route);
}

/** Views and, per vital, the nearest-rank p75 bin and the sample count, per `key`: the bins merge in SQL. */
async function queryStats(db: SqlDatabase, scope: SqlValue[], key: string, keyParams: SqlValue[]): Promise<Map<string, Stats>> {
  const byKey = new Map<string, Stats>();
  const statsFor = (k: Count) => byKey.get(String(k)) ?? byKey.set(String(k), { views: 0, vitals: {} }).get(String(k))!;
  const views = await db.query<{ k: Count; n: Count }>(`SELECT ${key} AS k, SUM(n) AS n FROM ${VIEWS} WHERE ${IN_WINDOW} GROUP BY k`, [...keyParams, ...scope]);
  for (const row of views) statsFor(row.k).views += Number(row.n);
  const p75s = await db.query<{ k: Count; name: string; bin: number; n: Count }>(
    `SELECT k, name, MIN(bin) AS bin, MAX(total) AS n FROM (
       SELECT k, name, bin, SUM(n) OVER (PARTITION BY k, name ORDER BY bin) AS seen, SUM(n) OVER (PARTITION BY k, name) AS total
       FROM (SELECT ${key} AS k, name, bin, SUM(n) AS n FROM ${VITALS} WHERE ${IN_WINDOW} GROUP BY k, name, bin) AS bins
     ) AS ranked WHERE seen >= 0.75 * total GROUP BY k, name`,
    [...keyParams, ...scope],
  );
  for (const row of p75s) if (isVitalName(row.name)) statsFor(row.k).vitals[row.name] = toVitalSummary(row.name, Number(row.bin), Number(row.n));
  return byKey;
}

/** An Insights event on n objectIDs counts n, a filter event 1 (its object_id is ''). */
async function querySearch(db: SqlDatabase, scope: SqlValue[]) {
  const counts = await db.query<{ event_type: string; n: Count; position_sum: Count | null; position_n: Count | null }>(
    `SELECT event_type, SUM(n) AS n, SUM(position_sum) AS position_sum, SUM(position_n) AS position_n FROM ${SEARCH} WHERE ${IN_WINDOW} GROUP BY event_type`,
    scope,
  );
  const top = await db.query<{ object_id: string; index_name: string; n: Count }>(
    `SELECT object_id, index_name, SUM(n) AS n FROM ${SEARCH} WHERE ${IN_WINDOW} AND event_type = 'click' AND object_id <> ''
     GROUP BY object_id, index_name ORDER BY SUM(n) DESC, object_id LIMIT 10`,
    scope,
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
