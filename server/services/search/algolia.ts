import { SEARCH_SCHEMA } from '#shared/search-schema.ts';
import { toIndexName } from '#shared/search.ts';

import { collectRecords } from './records.ts';

import type { Algoliasearch, IndexSettings } from 'algoliasearch';
import type { Logger } from 'pino';
import type { ContentEvents } from '#server/services/content/content-events.ts';
import type { Locale } from '#shared/content/types.ts';
import type { SearchRecord } from '#shared/search-schema.ts';
import type { ContentApi } from '#shared/data/content-api.ts';

const { shortAttributes: _embeddedOnly, ...indexSettings } = SEARCH_SCHEMA;
export const ALGOLIA_INDEX_SETTINGS = indexSettings satisfies IndexSettings;

/** `algoliasearch(appId, adminKey)`, server-only. */
type AlgoliaWriteClient = Pick<Algoliasearch, 'setSettings' | 'replaceAllObjects' | 'saveObjects' | 'deleteBy' | 'waitForTask'>;

/** Every served locale's index, possibly empty; a dropped locale's index is left as it was (ADR 039). */
function groupByIndex(records: readonly SearchRecord[], indexPrefix: string, locales: readonly Locale[]) {
  const groups = new Map(locales.map((locale) => [toIndexName(indexPrefix, locale), { locale, objects: [] as SearchRecord[] }]));
  for (const record of records) groups.get(toIndexName(indexPrefix, record.locale))?.objects.push(record);
  return groups;
}

/** `replaceAllObjects` fills a temporary copy and swaps it in atomically: no half-built index is ever served. */
export async function indexAllRecords(options: {
  client: AlgoliaWriteClient;
  records: readonly SearchRecord[];
  indexPrefix: string;
  locales: readonly Locale[];
  logger?: Logger;
}): Promise<Array<{ indexName: string; objects: number }>> {
  const reports = [];
  for (const [indexName, { objects }] of groupByIndex(options.records, options.indexPrefix, options.locales)) {
    const settings = await options.client.setSettings({ indexName, indexSettings: ALGOLIA_INDEX_SETTINGS });
    await options.client.waitForTask({ indexName, taskID: settings.taskID });
    await options.client.replaceAllObjects({ indexName, objects, batchSize: 1000 });
    options.logger?.info({ indexName, objects: objects.length }, 'algolia index replaced');
    reports.push({ indexName, objects: objects.length });
  }
  return reports;
}

const DELETE_CHUNK = 50;

/** Ids are Contentful ids, but never trust a string into a filter. */
const entryFilter = (id: string) => `entryId:"${id.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/** Deletes every record of the changed entries (their chunk count may have changed), then saves the current ones. */
export async function syncContentChange(
  options: { client: AlgoliaWriteClient; content: ContentApi; indexPrefix: string; locales: readonly Locale[] },
  change: { affectedIds: readonly string[] },
): Promise<{ deleted: number; saved: number }> {
  const ids = [...new Set(change.affectedIds)];
  if (ids.length === 0) return { deleted: 0, saved: 0 };
  const records = await collectRecords(options.content, options.locales, ids);
  let saved = 0;
  for (const [indexName, { objects }] of groupByIndex(records, options.indexPrefix, options.locales)) {
    for (let i = 0; i < ids.length; i += DELETE_CHUNK) {
      const filters = ids.slice(i, i + DELETE_CHUNK).map(entryFilter);
      const task = await options.client.deleteBy({ indexName, deleteByParams: { filters: filters.join(' OR ') } });
      await options.client.waitForTask({ indexName, taskID: task.taskID });
    }
    if (objects.length > 0) await options.client.saveObjects({ indexName, objects, waitForTasks: true });
    saved += objects.length;
  }
  return { deleted: ids.length, saved };
}

/** Failures are logged by the content events fan-out; `npm run index` repairs what a failed update left behind. */
export function subscribeAlgoliaSync(options: {
  client: AlgoliaWriteClient;
  content: ContentApi;
  events: ContentEvents;
  indexPrefix: string;
  locales: () => readonly Locale[];
  logger: Logger;
}): void {
  const log = options.logger.child({ module: 'algolia-sync' });
  options.events.subscribe(async (change) => {
    const result = await syncContentChange({ ...options, locales: options.locales() }, change);
    log.info({ id: change.id, action: change.action, entries: result.deleted, records: result.saved }, 'algolia records updated');
  });
}
