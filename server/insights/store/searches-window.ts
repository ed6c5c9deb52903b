import { OTHER_QUERIES } from './searches.ts';
import { ROLLUP_SIZES, ROLLUPS, TABLES } from './tables.ts';

import type { SqlDatabase, SqlValue } from './databases.ts';

const SUMS = ROLLUPS.queries.sums;
/** Bigint/numeric strings from PostgreSQL, numbers from SQLite, NULL from SUM over no rows. */
type Sums = Record<(typeof SUMS)[number] | 'other', number | string | null>;

const LIST_LENGTH = 20;

/** Raw searches (kept two days) for windows by minute or hour, in the daily rollup's shape; else the daily rollup. */
const RAW = `(SELECT at AS start, locale, query, 1 AS searches, CASE WHEN hits = 0 THEN 1 ELSE 0 END AS no_results,
  CASE WHEN clicks > 0 THEN 1 ELSE 0 END AS clicked, clicks, position_sum, CASE WHEN conversions > 0 THEN 1 ELSE 0 END AS converted
  FROM ${TABLES.searches.name}) AS raw`;
const DAILY = `(SELECT * FROM ${ROLLUPS.queries.name} WHERE size = ${ROLLUP_SIZES.day}) AS daily`;

const SELECT_SUMS = [...SUMS.map((name) => `SUM(${name}) AS ${name}`), `SUM(CASE WHEN query = '${OTHER_QUERIES}' THEN searches ELSE 0 END) AS other`].join(
  ', ',
);

/** The conditions and orders repeat the expressions, as PostgreSQL allows no output names in them. */
const LISTS = {
  topQueries: { having: '', order: 'SUM(searches) DESC' },
  noResultQueries: { having: 'HAVING SUM(no_results) > 0', order: 'SUM(no_results) DESC' },
  noClickQueries: { having: 'HAVING SUM(clicked) = 0 AND SUM(searches) > SUM(no_results)', order: 'SUM(searches) - SUM(no_results) DESC' },
};

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

function toRates(n: (name: keyof Sums) => number) {
  const clicks = n('clicks');
  return {
    clickThroughRate: ratio(n('clicked'), n('searches')),
    averageClickPosition: clicks > 0 ? Math.round((n('position_sum') / clicks) * 10) / 10 : null,
    conversionRate: ratio(n('converted'), n('searches')),
  };
}

const reader = (row: Partial<Sums>) => (name: keyof Sums) => Number(row[name] ?? 0);

/** Rates are 0 to 1, null without searches (or clicks, for the position). */
function toQueryStats(row: Sums & { query: string }) {
  const n = reader(row);
  return { query: row.query, searches: n('searches'), noResults: n('no_results'), ...toRates(n) };
}

/** Each list is ranked in SQL and limited to 20, however many queries were stored; the other bucket is in no list. */
export async function querySearchAnalytics(db: SqlDatabase, bucketMs: number, from: number, to: number) {
  const source = bucketMs >= ROLLUP_SIZES.day ? DAILY : RAW;
  const rows = await db.query<{ locale: string }>(`SELECT DISTINCT locale FROM ${source} WHERE start >= ? AND start < ? ORDER BY locale`, [from, to]);
  const locales: Record<string, QueryAnalytics> = {};
  for (const { locale } of rows) locales[locale] = await queryScope(db, source, [from, to, locale]);
  return { all: await queryScope(db, source, [from, to]), locales };
}

/** `params`: the window, and a locale or none. */
async function queryScope(db: SqlDatabase, source: string, params: SqlValue[]) {
  const where = `WHERE start >= ? AND start < ?${params.length > 2 ? ' AND locale = ?' : ''}`;
  const [total] = await db.query<Sums>(`SELECT ${SELECT_SUMS} FROM ${source} ${where}`, params);
  const lists = {} as Record<keyof typeof LISTS, QueryStats[]>;
  for (const name of Object.keys(LISTS) as Array<keyof typeof LISTS>) {
    const { having, order } = LISTS[name];
    const rows = await db.query<Sums & { query: string }>(
      `SELECT query, ${SELECT_SUMS} FROM ${source} ${where} AND query <> '${OTHER_QUERIES}'
       GROUP BY query ${having} ORDER BY ${order}, query LIMIT ${LIST_LENGTH}`,
      params,
    );
    lists[name] = rows.map(toQueryStats);
  }
  return toAnalytics(total ?? {}, lists);
}

function toAnalytics(total: Partial<Sums>, lists: Record<keyof typeof LISTS, QueryStats[]>) {
  const n = reader(total);
  return {
    searches: n('searches'),
    noResultSearches: n('no_results'),
    clickedSearches: n('clicked'),
    clicks: n('clicks'),
    convertedSearches: n('converted'),
    noResultRate: ratio(n('no_results'), n('searches')),
    ...toRates(n),
    /** Beyond the distinct queries kept per locale and day: in no list. */
    otherSearches: n('other'),
    ...lists,
  };
}

export type QueryStats = ReturnType<typeof toQueryStats>;
export type QueryAnalytics = ReturnType<typeof toAnalytics>;
export const EMPTY_ANALYTICS: QueryAnalytics = toAnalytics({}, { topQueries: [], noResultQueries: [], noClickQueries: [] });
