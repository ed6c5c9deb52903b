import { toIndexName } from '#shared/search.ts';
import { LOCALES } from '#shared/content/types.ts';

import type { IndexSettings } from 'algoliasearch';
import type { Locale, SearchRecord } from '#shared/content/types.ts';

/**
 * Index settings applied by `npm run index`, mirroring what the embedded
 * engine does (docs/decisions/003-embedded-search-engine.md, docs/search.md):
 * - title first and word position in it counts; tags, summary and body match anywhere;
 * - facets counted after `distinct` (one hit per entry), type and tags searchable
 *   for facet search, `entryId` filter-only (the webhook sync deletes by it);
 * - newest first among equals: Algolia reads ISO dates as strings, so the
 *   ranking uses the numeric `updatedAtTimestamp` each object carries.
 */
export const ALGOLIA_INDEX_SETTINGS = {
  searchableAttributes: ['title', 'unordered(tags)', 'unordered(summary)', 'unordered(body)'],
  attributesForFaceting: ['afterDistinct(searchable(type))', 'afterDistinct(searchable(tags))', 'afterDistinct(locale)', 'filterOnly(entryId)'],
  attributesToSnippet: ['body:20'],
  snippetEllipsisText: '…',
  customRanking: ['desc(updatedAtTimestamp)'],
  distinct: true,
  attributeForDistinct: 'entryId',
} satisfies IndexSettings;

/** A search record as stored in Algolia: the shared record plus the numeric ranking date (seconds). */
export type AlgoliaObject = { [K in keyof SearchRecord]: SearchRecord[K] } & { updatedAtTimestamp: number };

export function toAlgoliaObject(record: SearchRecord): AlgoliaObject {
  const time = Date.parse(record.updatedAt);
  return { ...record, updatedAtTimestamp: Number.isNaN(time) ? 0 : Math.floor(time / 1000) };
}

/** Records grouped by the index they go to (every locale present, possibly empty). */
export function groupByIndex(records: readonly SearchRecord[], indexPrefix: string): Map<string, { locale: Locale; objects: AlgoliaObject[] }> {
  const groups = new Map(LOCALES.map((locale) => [toIndexName(indexPrefix, locale), { locale, objects: [] as AlgoliaObject[] }]));
  for (const record of records) groups.get(toIndexName(indexPrefix, record.locale))?.objects.push(toAlgoliaObject(record));
  return groups;
}
