import { SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';

import { createEmbeddedSearchEngine } from './engine.ts';
import { createEmbeddedSearchRouter, DEFAULT_EMBEDDED_SEARCH_LIMITS } from './http.ts';
import { parseQuery } from './query-params.ts';

import type { SearchClient } from 'instantsearch.js';
import type { Logger } from 'pino';
import type { Locale } from '#shared/content/types.ts';
import type { SearchRecord } from '#shared/search-schema.ts';
import type { EmbeddedSearchEngine } from './engine.ts';
import type { InsightEvent } from '#shared/insights.ts';
import type { SharedRateLimitStore } from '#server/middleware/rate-limit-store.ts';

/** The server's own searches (the search page's first results), without a loopback request, parsed and limited like the HTTP edge. */
export function createInProcessSearchClient(engine: EmbeddedSearchEngine): SearchClient {
  const search = async (requests: unknown) => {
    const list = Array.isArray(requests) ? requests : ((requests as { requests?: unknown[] } | null)?.requests ?? []);
    return { results: list.map((request) => engine.search(parseQuery(request, SEARCH_MAX_QUERY_LENGTH))) };
  };
  return { search } as unknown as SearchClient;
}

/** The app hands the engine its records (all at start, then the changed entries'), so the emulator knows nothing of Contentful. */
export function createEmbeddedSearch(options: {
  indexPrefix: string;
  logger: Logger;
  /** Only the served locales are indexed and searchable (ADR 039). */
  locales: () => readonly Locale[];
  /** Without `entryIds`, every record of these locales; entries that are gone yield none. */
  loadRecords: (locales: readonly Locale[], entryIds?: readonly string[]) => Promise<SearchRecord[]>;
  /** Resolves when the space matches the content model: the served locales are known then. */
  whenBuildable?: () => Promise<void>;
  onContentChange: (listener: (change: { affectedIds: string[] }) => Promise<void>) => void;
  recordEvents?: (events: InsightEvent[]) => void;
  /** With REDIS_URL: the rate limit counts across instances. */
  sharedRateLimits?: SharedRateLimitStore | undefined;
}) {
  const log = options.logger.child({ module: 'search' });
  const engine = createEmbeddedSearchEngine({ indexPrefix: options.indexPrefix, locales: options.locales });
  let ready = false;
  /** The locales of the last full build; a change (a locale added to the space) rebuilds. */
  let builtFor = '';
  let rebuild: Promise<void> | undefined;

  const build = async () => {
    const started = performance.now();
    try {
      await options.whenBuildable?.();
      const locales = options.locales();
      const records = await options.loadRecords(locales);
      engine.updateRecords(records);
      builtFor = locales.join();
      ready = true;
      log.info({ records: records.length, indexes: engine.getStats(), durationMs: Math.round(performance.now() - started) }, 'search index built');
    } catch (error) {
      log.error({ err: error }, 'search index build failed; retrying in 30 s');
      setTimeout(() => void build(), 30_000).unref();
    }
  };

  // One rebuild at a time: changes arriving meanwhile are in it.
  const rebuildIfLocalesChanged = () =>
    ready && options.locales().join() !== builtFor ? (rebuild ??= build().finally(() => (rebuild = undefined))) : undefined;

  options.onContentChange(async ({ affectedIds }) => {
    const rebuilding = rebuildIfLocalesChanged();
    if (rebuilding) return rebuilding;
    // A taxonomy change: records carry no categories.
    if (affectedIds.length === 0) return;
    const records = await options.loadRecords(options.locales(), affectedIds);
    engine.removeRecords(affectedIds);
    engine.updateRecords(records);
    log.info({ entries: affectedIds.length, records: records.length }, 'search index updated');
  });

  const { recordEvents, sharedRateLimits: store } = options;
  return {
    router: createEmbeddedSearchRouter({
      engine,
      logger: options.logger,
      limits: {
        ...DEFAULT_EMBEDDED_SEARCH_LIMITS,
        rateLimit: { ...DEFAULT_EMBEDDED_SEARCH_LIMITS.rateLimit, ...(store && { shared: { store, name: 'search' } }) },
      },
      recordEvents,
    }),
    searchClient: createInProcessSearchClient(engine),
    /** Call when the served locales may have changed (the content-model check). */
    localesChanged: (): Promise<void> => rebuildIfLocalesChanged() ?? Promise.resolve(),
    isReady: () => ready,
    ready: build(),
  };
}
