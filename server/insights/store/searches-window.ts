import { OTHER_QUERIES } from './searches.ts';
import { ROLLUP_SIZES, ROLLUPS, TABLES } from './tables.ts';

import type { QueryAnalytics, QueryStats, WindowSummary } from '../summary.ts';
import type { SqlDatabase, SqlValue } from './databases.ts';

/** Counts come back as bigint/numeric strings from PostgreSQL and as numbers from SQLite (NULL from SUM over no rows). */
type Count = number | string | null;
type Sums = { searches: Count; no_results: Count; clicked: Count; clicks: Count; position_sum: Count; converted: Count; other: Count };

const LIST_LENGTH = 20;

type Source = Record<'table' | 'scope' | keyof Sums, string>;

/** The same sums over raw searches (windows by minute or hour: raw rows are kept two days) or over the daily rollup. */
const RAW: Source = {
  table: TABLES.searches.name,
  scope: 'at >= ? AND at < ?',
  searches: 'COUNT(*)',
  no_results: 'SUM(CASE WHEN hits = 0 THEN 1 ELSE 0 END)',
  clicked: 'SUM(CASE WHEN clicks > 0 THEN 1 ELSE 0 END)',
  clicks: 'SUM(clicks)',
  position_sum: 'SUM(position_sum)',
  converted: 'SUM(CASE WHEN conversions > 0 THEN 1 ELSE 0 END)',
  other: `SUM(CASE WHEN query = '${OTHER_QUERIES}' THEN 1 ELSE 0 END)`,
};
const DAILY: Source = {
  table: ROLLUPS.queries.name,
  scope: `size = ${ROLLUP_SIZES.day} AND start >= ? AND start < ?`,
  searches: 'SUM(searches)',
  no_results: 'SUM(no_results)',
  clicked: 'SUM(clicked)',
  clicks: 'SUM(clicks)',
  position_sum: 'SUM(position_sum)',
  converted: 'SUM(converted)',
  other: `SUM(CASE WHEN query = '${OTHER_QUERIES}' THEN searches ELSE 0 END)`,
};

const sums = (source: Source) =>
  (['searches', 'no_results', 'clicked', 'clicks', 'position_sum', 'converted', 'other'] as const).map((name) => `${source[name]} AS ${name}`).join(', ');

/** The three lists: the conditions and orders repeat the expressions, as PostgreSQL allows no output names in them. */
const LISTS = {
  topQueries: (s: Source) => ({ having: '', order: `${s.searches} DESC` }),
  noResultQueries: (s: Source) => ({ having: `HAVING ${s.no_results} > 0`, order: `${s.no_results} DESC` }),
  noClickQueries: (s: Source) => ({ having: `HAVING ${s.clicked} = 0 AND ${s.searches} > ${s.no_results}`, order: `${s.searches} - ${s.no_results} DESC` }),
};

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

function toNumbers(row: Sums) {
  const [searches, noResults, clicked, clicks, positions, converted] = [
    row.searches,
    row.no_results,
    row.clicked,
    row.clicks,
    row.position_sum,
    row.converted,
  ].map((value) => Number(value ?? 0)) as [number, number, number, number, number, number];
  return {
    searches,
    noResults,
    clicked,
    clicks,
    converted,
    clickThroughRate: ratio(clicked, searches),
    conversionRate: ratio(converted, searches),
    averageClickPosition: clicks > 0 ? Math.round((positions / clicks) * 10) / 10 : null,
  };
}

function toQueryStats(row: Sums & { query: string }): QueryStats {
  const { searches, noResults, clickThroughRate, averageClickPosition, conversionRate } = toNumbers(row);
  return { query: row.query, searches, noResults, clickThroughRate, averageClickPosition, conversionRate };
}

/**
 * The search analytics of one window, all locales together and per locale. Each list is ranked in SQL and limited to 20, so
 * a window reads at most 3 × 20 rows per locale however many queries were stored; the other bucket is in no list.
 */
export async function querySearchAnalytics(db: SqlDatabase, bucketMs: number, from: number, to: number): Promise<WindowSummary['queries']> {
  const source = bucketMs >= ROLLUP_SIZES.day ? DAILY : RAW;
  const scope = [from, to];
  const totals = await db.query<Sums & { locale: string }>(
    `SELECT locale, ${sums(source)} FROM ${source.table} WHERE ${source.scope} GROUP BY locale ORDER BY locale`,
    scope,
  );
  const all = await queryScope(db, source, scope, '', [], totals);
  const locales: Record<string, QueryAnalytics> = {};
  for (const row of totals) locales[row.locale] = await queryScope(db, source, scope, 'AND locale = ?', [row.locale], [row]);
  return { all, locales };
}

async function queryScope(db: SqlDatabase, source: Source, scope: SqlValue[], filter: string, params: SqlValue[], totals: Sums[]): Promise<QueryAnalytics> {
  const total = totals.reduce<Sums>(
    (sum, row) => {
      for (const key of Object.keys(sum) as Array<keyof Sums>) sum[key] = Number(sum[key]) + Number(row[key] ?? 0);
      return sum;
    },
    { searches: 0, no_results: 0, clicked: 0, clicks: 0, position_sum: 0, converted: 0, other: 0 },
  );
  const lists = {} as Record<keyof typeof LISTS, QueryStats[]>;
  for (const name of Object.keys(LISTS) as Array<keyof typeof LISTS>) {
    const { having, order } = LISTS[name](source);
    const rows = await db.query<Sums & { query: string }>(
      `SELECT query, ${sums(source)} FROM ${source.table} WHERE ${source.scope} ${filter} AND query <> '${OTHER_QUERIES}'
       GROUP BY query ${having} ORDER BY ${order}, query LIMIT ${LIST_LENGTH}`,
      [...scope, ...params],
    );
    lists[name] = rows.map(toQueryStats);
  }
  const numbers = toNumbers(total);
  return {
    searches: numbers.searches,
    noResultSearches: numbers.noResults,
    clickedSearches: numbers.clicked,
    clicks: numbers.clicks,
    convertedSearches: numbers.converted,
    clickThroughRate: numbers.clickThroughRate,
    noResultRate: ratio(numbers.noResults, numbers.searches),
    conversionRate: numbers.conversionRate,
    averageClickPosition: numbers.averageClickPosition,
    otherSearches: Number(total.other),
    ...lists,
  };
}
