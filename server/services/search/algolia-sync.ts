import { collectRecordsFor } from '#server/services/search/collect-records.ts';

import { groupByIndex } from './algolia-settings.ts';

import type { ContentChange, ContentEvents } from '#server/services/content/content-events.ts';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { AlgoliaWriteClient } from './algolia-indexer.ts';
import type { Logger } from 'pino';

/** Entries per `deleteBy` filter; a popular entry can be linked from many. */
const DELETE_CHUNK = 50;

/** An Algolia filter value in double quotes (ids are Contentful ids, but never trust a string into a filter). */
function quote(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * Applies one content change to Algolia: in every locale index, removes
 * every record of the changed entries and the entries linking to them
 * (`deleteBy` on `entryId`, since an entry's chunk count may have changed),
 * waits for that task, then saves their current records. Entries that were
 * unpublished or deleted simply get no new records.
 */
export async function syncContentChange(
  options: { client: AlgoliaWriteClient; content: ContentApi; indexPrefix: string },
  change: Pick<ContentChange, 'affectedIds'>,
): Promise<{ deleted: number; saved: number }> {
  const ids = [...new Set(change.affectedIds)];
  if (ids.length === 0) return { deleted: 0, saved: 0 };
  const records = await collectRecordsFor(options.content, ids);
  let saved = 0;
  for (const [indexName, { objects }] of groupByIndex(records, options.indexPrefix)) {
    for (let i = 0; i < ids.length; i += DELETE_CHUNK) {
      const filters = ids
        .slice(i, i + DELETE_CHUNK)
        .map((id) => `entryId:${quote(id)}`)
        .join(' OR ');
      const task = await options.client.deleteBy({ indexName, deleteByParams: { filters } });
      await options.client.waitForTask({ indexName, taskID: task.taskID });
    }
    if (objects.length > 0) await options.client.saveObjects({ indexName, objects, waitForTasks: true });
    saved += objects.length;
  }
  return { deleted: ids.length, saved };
}

/**
 * Production mode with `ALGOLIA_ADMIN_KEY`: keeps the Algolia indexes
 * current from content webhooks, as the embedded engine does in process.
 * Failures are logged by the content events fan-out; `npm run index` repairs
 * anything a failed update left behind.
 */
export function subscribeAlgoliaSync(options: {
  client: AlgoliaWriteClient;
  content: ContentApi;
  events: ContentEvents;
  indexPrefix: string;
  logger: Logger;
}): void {
  const log = options.logger.child({ module: 'algolia-sync' });
  options.events.subscribe(async (change) => {
    const result = await syncContentChange(options, change);
    log.info({ id: change.id, action: change.action, entries: result.deleted, records: result.saved }, 'algolia records updated');
  });
}
