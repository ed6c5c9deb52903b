import { toVitalBin, UNKNOWN_ROUTE } from '../window-summary.ts';

import type { PageViewEvent, VitalEvent } from '../event-schema.ts';
import type { StoredRow } from './schema.ts';

/**
 * A search Insights event as `/1/events` accepted it (server/services/search/embedded/insights.ts);
 * only what the store keeps. The user tokens and the client's timestamp are not stored.
 */
export interface SearchInsightEvent {
  eventType: 'view' | 'click' | 'conversion';
  eventSubtype?: string | undefined;
  eventName: string;
  index: string;
  objectIDs?: string[] | undefined;
  positions?: number[] | undefined;
  queryID?: string | undefined;
}

/** Longest object id kept; Algolia's own limit is far below what a 64 KiB body could carry. */
const MAX_OBJECT_ID_LENGTH = 512;

/**
 * PostgreSQL refuses NUL in text and would fail the whole batch (and, after
 * retries, drop the other events in it); the schemas allow it in paths.
 */
const text = (value: string) => value.replaceAll('\0', '');
const optionalText = (value: string | null | undefined) => (value === null || value === undefined ? null : text(value));

export function toPageViewRow(event: PageViewEvent, at: number): StoredRow {
  const route = text(event.route ?? UNKNOWN_ROUTE);
  return {
    table: 'pageViews',
    at,
    values: [at, route, text(event.path), optionalText(event.locale), optionalText(event.referrer), event.viewport, event.navigation],
    contribution: { rollup: 'views', key: [route], sums: [1] },
  };
}

export function toVitalRow(event: VitalEvent, at: number): StoredRow {
  const route = text(event.route ?? UNKNOWN_ROUTE);
  const bin = toVitalBin(event.name, event.value);
  return {
    table: 'vitals',
    at,
    values: [at, route, text(event.path), event.name, event.value, bin, event.rating, event.viewport, event.navigationType],
    contribution: { rollup: 'vitals', key: [route, event.name, bin], sums: [1] },
  };
}

/** One row per object the event names (as Algolia counts them), or one row without an object for a filter event. */
export function toSearchRows(event: SearchInsightEvent, at: number): StoredRow[] {
  const index = text(event.index);
  return (event.objectIDs ?? [null]).map((rawObjectID, i) => {
    const objectID = rawObjectID === null ? null : text(rawObjectID).slice(0, MAX_OBJECT_ID_LENGTH);
    const position = event.positions?.[i] ?? null;
    return {
      table: 'searchEvents',
      at,
      values: [at, event.eventType, optionalText(event.eventSubtype), text(event.eventName), index, objectID, position, optionalText(event.queryID)],
      contribution: { rollup: 'search', key: [event.eventType, index, objectID ?? ''], sums: [1, position ?? 0, position === null ? 0 : 1] },
    };
  });
}
