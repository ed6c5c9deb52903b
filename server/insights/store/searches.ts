import { DAY } from '../summary.ts';
import { ROLLUPS, TABLES } from './tables.ts';

import type { ParsedSearchAnalyticsEvent } from '#shared/insights.ts';
import type { SqlStatement } from './databases.ts';

/*
 * A click or a conversion updates its search's row and daily rollup row, so it counts in the window of the search (ADR 067).
 * Each event is its own statements, in queue order: a click reads what its search wrote, maybe in the same transaction.
 *
 * The flood bound is a COUNT over the rollup's key prefix, so several instances writing at the same moment may each add one more.
 */

/** Distinct queries kept per locale and UTC day (Algolia's analytics list the top 1,000 too). */
export const ANALYTICS_QUERIES_PER_DAY = 1000;
/** The searches beyond them, without their text: a normalised query is never empty. */
export const OTHER_QUERIES = '';

const SEARCHES = TABLES.searches.name;
const QUERIES = ROLLUPS.queries.name;

const ROLLUP_OF_SEARCH = `r.size = ? AND r.start = s.at - s.at % ? AND r.locale = s.locale AND r.query = s.query`;
const IS_NEW_SEARCH = `NOT EXISTS (SELECT 1 FROM ${SEARCHES} WHERE query_id = ?)`;
const IS_KEPT_QUERY = `EXISTS (SELECT 1 FROM ${QUERIES} WHERE size = ? AND start = ? AND locale = ? AND query = ?)`;
const KEPT_QUERIES = `(SELECT COUNT(*) FROM ${QUERIES} WHERE size = ? AND start = ? AND locale = ? AND query <> '')`;

/*
 * Portable SQL: `INSERT … SELECT … WHERE … ON CONFLICT` (SQLite needs the WHERE to tell the upsert from a join), CASTs on
 * parameters in a select list (PostgreSQL would type them as text), and `UPDATE … AS r … FROM` (SQLite 3.33+, PostgreSQL).
 */
const INSERT_ROLLUP = `INSERT INTO ${QUERIES} (size, start, locale, query, searches, no_results, clicked, clicks, position_sum, converted)
  SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT),
    CASE WHEN ${IS_KEPT_QUERY} OR ${KEPT_QUERIES} < ? THEN CAST(? AS TEXT) ELSE '${OTHER_QUERIES}' END,
    1, CAST(? AS BIGINT), 0, 0, 0, 0
  WHERE ${IS_NEW_SEARCH}
  ON CONFLICT (size, start, locale, query) DO UPDATE SET
    searches = ${QUERIES}.searches + excluded.searches, no_results = ${QUERIES}.no_results + excluded.no_results`;
const INSERT_SEARCH = `INSERT INTO ${SEARCHES} (at, locale, query, hits, query_id, clicks, position_sum, conversions)
  SELECT CAST(? AS BIGINT), CAST(? AS TEXT), CASE WHEN ${IS_KEPT_QUERY} THEN CAST(? AS TEXT) ELSE '${OTHER_QUERIES}' END,
    CAST(? AS INTEGER), CAST(? AS TEXT), 0, 0, 0
  WHERE ${IS_NEW_SEARCH}`;
// The rollup first: it reads whether the search had a click before this one.
const CLICK_ROLLUP = `UPDATE ${QUERIES} AS r SET clicks = r.clicks + 1, position_sum = r.position_sum + ?,
    clicked = r.clicked + CASE WHEN s.clicks = 0 THEN 1 ELSE 0 END
  FROM ${SEARCHES} AS s WHERE s.query_id = ? AND ${ROLLUP_OF_SEARCH}`;
const CLICK_SEARCH = `UPDATE ${SEARCHES} SET clicks = clicks + 1, position_sum = position_sum + ? WHERE query_id = ?`;
// A conversion counts once per search, and only after a click on it.
const CONVERSION_ROLLUP = `UPDATE ${QUERIES} AS r SET converted = r.converted + 1
  FROM ${SEARCHES} AS s WHERE s.query_id = ? AND s.clicks > 0 AND s.conversions = 0 AND ${ROLLUP_OF_SEARCH}`;
const CONVERSION_SEARCH = `UPDATE ${SEARCHES} SET conversions = conversions + 1 WHERE query_id = ? AND clicks > 0`;

export function toSearchAnalyticsStatements(event: ParsedSearchAnalyticsEvent, at: number): SqlStatement[] {
  const { queryID } = event;
  if (event.type === 'search-click') {
    return [
      { sql: CLICK_ROLLUP, params: [event.position, queryID, DAY, DAY] },
      { sql: CLICK_SEARCH, params: [event.position, queryID] },
    ];
  }
  if (event.type === 'search-conversion') {
    return [
      { sql: CONVERSION_ROLLUP, params: [queryID, DAY, DAY] },
      { sql: CONVERSION_SEARCH, params: [queryID] },
    ];
  }
  const { locale, query, hits } = event;
  const day = at - (at % DAY);
  const kept = [DAY, day, locale, query];
  return [
    {
      sql: INSERT_ROLLUP,
      params: [DAY, day, locale, ...kept, DAY, day, locale, ANALYTICS_QUERIES_PER_DAY, query, hits === 0 ? 1 : 0, queryID],
    },
    { sql: INSERT_SEARCH, params: [at, locale, ...kept, query, hits, queryID, queryID] },
  ];
}
