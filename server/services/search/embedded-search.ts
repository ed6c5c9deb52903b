import { collectAllRecords, collectRecordsFor } from '#server/services/search/collect-records.ts';
import { createEmbeddedSearchEngine } from '#server/services/search/embedded/engine.ts';
import { createEmbeddedSearchRouter, DEFAULT_EMBEDDED_SEARCH_LIMITS } from '#server/services/search/embedded/http.ts';

import type { ContentEvents } from '#server/services/content/content-events.ts';
import type { EmbeddedSearchEngine } from '#server/services/search/embedded/engine.ts';
import type { EmbeddedSearchRouterOptions } from '#server/services/search/embedded/http.ts';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { Router } from 'express';
import type { Logger } from 'pino';

export interface EmbeddedSearch {
  router: Router;
  /** The engine itself, for in-process queries (the search page's server-side results). */
  engine: EmbeddedSearchEngine;
  /** True once the first index build finished (/readyz waits for it). */
  isReady(): boolean;
  /** Resolves when the first build finished (or failed, logged). */
  ready: Promise<void>;
}

/**
 * Embedded mode: the Algolia-compatible engine on our origin, indexed from
 * the ContentService at start and kept current by content webhooks.
 */
export function createEmbeddedSearch(options: {
  content: ContentApi;
  events: ContentEvents;
  indexPrefix: string;
  logger: Logger;
  /** Where `/1/events` Insights events go besides the log (the insights store). */
  recordEvents?: EmbeddedSearchRouterOptions['recordEvents'];
}): EmbeddedSearch {
  const log = options.logger.child({ module: 'search' });
  const engine = createEmbeddedSearchEngine({ indexPrefix: options.indexPrefix });
  let ready = false;

  const build = async () => {
    const started = performance.now();
    try {
      const records = await collectAllRecords(options.content);
      engine.updateRecords(records);
      ready = true;
      log.info({ records: records.length, indexes: engine.getStats(), durationMs: Math.round(performance.now() - started) }, 'search index built');
    } catch (error) {
      log.error({ err: error }, 'search index build failed; retrying in 30 s');
      setTimeout(() => void build(), 30_000).unref();
    }
  };

  options.events.subscribe(async (change) => {
    // A taxonomy change: records carry no categories.
    if (change.affectedIds.length === 0) return;
    const records = await collectRecordsFor(options.content, change.affectedIds);
    engine.removeRecords(change.affectedIds);
    engine.updateRecords(records);
    log.info({ entries: change.affectedIds.length, records: records.length }, 'search index updated');
  });

  return {
    engine,
    router: createEmbeddedSearchRouter({
      engine,
      logger: options.logger,
      limits: DEFAULT_EMBEDDED_SEARCH_LIMITS,
      ...(options.recordEvents ? { recordEvents: options.recordEvents } : {}),
    }),
    isReady: () => ready,
    ready: build(),
  };
}
