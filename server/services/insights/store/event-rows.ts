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
  return {
    table: 'pageViews',
    values: [
      at,
      text(event.route ?? UNKNOWN_ROUTE),
      text(event.path),
      optionalText(event.locale),
      optionalText(event.referrer),
      event.viewport,
      event.navigation,
    ],
  };
}

export function toVitalRow(event: VitalEvent, at: number): StoredRow {
  return {
    table: 'vitals',
    values: [
      at,
      text(event.route ?? UNKNOWN_ROUTE),
      text(event.path),
      event.name,
      event.value,
      toVitalBin(event.name, event.value),
      event.rating,
      event.viewport,
      event.navigationType,
    ],
  };
}

/** One row per object the event names (as Algolia counts them), or one row without an object for a filter event. */
export function toSearchRows(event: SearchInsightEvent, at: number): StoredRow[] {
  const objects = event.objectIDs ?? [null];
  return objects.map((objectID, index) => ({
    table: 'searchEvents',
    values: [
      at,
      event.eventType,
      optionalText(event.eventSubtype),
      text(event.eventName),
      text(event.index),
      objectID === null ? null : text(objectID).slice(0, MAX_OBJECT_ID_LENGTH),
      event.positions?.[index] ?? null,
      optionalText(event.queryID),
    ],
  }));
}
