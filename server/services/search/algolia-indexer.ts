import { algoliasearch } from 'algoliasearch';

import { ALGOLIA_INDEX_SETTINGS, groupByIndex } from './algolia-settings.ts';

import type { Algoliasearch } from 'algoliasearch';
import type { Logger } from 'pino';
import type { SearchRecord } from '#shared/content/types.ts';

/** The write operations the indexer and the webhook sync use (the full client, or a test double). */
export type AlgoliaWriteClient = Pick<Algoliasearch, 'setSettings' | 'replaceAllObjects' | 'saveObjects' | 'deleteBy' | 'waitForTask'>;

/** The full (write) client with the admin key; server-only. `hosts` points it elsewhere (tests' fake Algolia). */
export function createAlgoliaAdminClient(appId: string, adminKey: string, options?: Parameters<typeof algoliasearch>[2]): Algoliasearch {
  return algoliasearch(appId, adminKey, options);
}

export interface IndexReport {
  indexName: string;
  objects: number;
}

/**
 * Full reindex (`npm run index`), one index per locale: settings first (so a
 * new index starts configured), then `replaceAllObjects`, which fills a
 * temporary copy of the index (settings, rules and synonyms kept) and
 * swaps it in atomically, so visitors never see a half-built index.
 */
export async function indexAllRecords(options: {
  client: AlgoliaWriteClient;
  records: readonly SearchRecord[];
  indexPrefix: string;
  logger?: Logger;
}): Promise<IndexReport[]> {
  const reports: IndexReport[] = [];
  for (const [indexName, { objects }] of groupByIndex(options.records, options.indexPrefix)) {
    const settings = await options.client.setSettings({ indexName, indexSettings: ALGOLIA_INDEX_SETTINGS });
    await options.client.waitForTask({ indexName, taskID: settings.taskID });
    await options.client.replaceAllObjects({ indexName, objects, batchSize: 1000 });
    options.logger?.info({ indexName, objects: objects.length }, 'algolia index replaced');
    reports.push({ indexName, objects: objects.length });
  }
  return reports;
}
