import { dirname, join, resolve } from 'node:path';

import { createContentJsonRouter } from '#server/api/content-json.ts';
import { createContentfulWebhookRouter } from '#server/api/contentful-webhook.ts';
import { createFeedsRouter } from '#server/api/feeds.ts';
import { createPreviewRouter, previewCookie } from '#server/api/preview.ts';
import { createContentCache } from '#server/services/content/content-cache.ts';
import { createContentEvents, dependenciesOf } from '#server/services/content/content-events.ts';
import { createContentService } from '#server/services/content/content-service.ts';
import { createContentfulClients } from '#server/services/content/contentful-client.ts';
import { createPageCache } from '#server/ssr/page-cache.ts';
import { createAssetRouter } from '#server/services/images/asset-router.ts';
import { createEmbeddedSearch } from '#server/services/search/embedded-search.ts';
import { createAlgoliaAdminClient } from '#server/services/search/algolia-indexer.ts';
import { createAlgoliaServerClient, createInProcessSearchClient, createSearchApi } from '#server/services/search/algolia-search-api.ts';
import { subscribeAlgoliaSync } from '#server/services/search/algolia-sync.ts';
import { createInsightsRouters, isCollectingInsights } from '#server/insights/index.ts';
import { openInsightsStore } from '#server/insights/store/open-store.ts';

import type { AppDeps } from '#server/app.ts';
import type { Config } from '#server/config.ts';
import type { ContentService } from '#server/services/content/content-service.ts';
import type { InsightsStore } from '#server/insights/store/insights-store.ts';
import type { Logger } from 'pino';

export interface Services {
  appDeps: Pick<AppDeps, 'content' | 'search' | 'readiness' | 'routers' | 'beforePages' | 'pageCache'>;
  content: ContentService;
  /** Which implementation each part runs on, for the start-up line and /readyz. */
  modes: Record<string, string>;
  /** Where insights events are kept; undefined when this process does not collect them. */
  insightsStore: InsightsStore | undefined;
  close(): Promise<void>;
}

/**
 * Contentful clients (live or embedded), the cached ContentService and the
 * content change fan-out: what the server and `npm run index` both need.
 */
export async function createContentStack(config: Config, logger: Logger) {
  const remote = config.contentful.remote;
  const exportFile = resolve(config.contentful.exportFile);
  const sdkLog = logger.child({ module: 'contentful-sdk' });
  const clients = await createContentfulClients(
    {
      contentful: remote,
      exportFile,
      timeoutMs: config.contentful.timeoutMs,
      maxConcurrency: config.contentful.maxConcurrency,
      breaker: config.contentful.breaker,
    },
    { logger, logHandler: (level, data) => (level === 'error' ? sdkLog.error({ detail: data }, 'sdk error') : sdkLog.warn({ detail: data }, 'sdk warning')) },
  );
  const cache = createContentCache({ ttlMs: config.contentful.cacheTtlMs, maxBytes: config.contentful.cacheMaxBytes, logger });
  const content = createContentService({ delivery: clients.delivery, preview: clients.previewAvailable ? clients.preview : undefined, cache, logger });
  const events = createContentEvents(logger);
  return { clients, content, events, exportFile };
}

/**
 * Composition root for everything outside HTTP: the content stack and the
 * routers and services built on it.
 */
export async function createServices(config: Config, logger: Logger): Promise<Services> {
  const { clients, content, events, exportFile } = await createContentStack(config, logger);
  // Pages live as long as the content they were built from is fresh; webhooks evict them sooner.
  const pageCache = createPageCache({ maxBytes: config.pageCacheMaxBytes, ttlMs: config.contentful.cacheTtlMs, logger });
  events.subscribe((change) => void pageCache.invalidate(dependenciesOf(change)));

  const modes = {
    content: clients.mode === 'remote' ? 'contentful' : 'embedded',
    search: config.algolia.remote ? 'algolia' : 'embedded',
    insights: config.insights.enabled ? (config.insights.selfHosted ? 'self-hosted' : 'external') : 'off',
  };

  // Page views, vitals and search Insights events, kept across restarts (SQLite under DATA_DIR, or PostgreSQL).
  const insightsStore = isCollectingInsights(config) ? openInsightsStore(config, logger) : undefined;
  const routers: NonNullable<AppDeps['routers']> = [
    ...createInsightsRouters(config, insightsStore),
    { path: '/', handler: createFeedsRouter(config, content) },
    { path: '/api/content', handler: createContentJsonRouter(content, config.htmlCacheControl) },
    {
      path: '/api/preview',
      handler: createPreviewRouter({ secret: config.preview.secret, cookieSecret: config.preview.cookieSecret, enabled: clients.previewAvailable }),
    },
    {
      path: '/api/webhooks/contentful',
      handler: createContentfulWebhookRouter({ secret: config.contentful.webhookSecret, content, events, maxBodyBytes: config.maxBodyBytes }),
    },
  ];
  const search = config.algolia.remote
    ? undefined
    : createEmbeddedSearch({
        content,
        events,
        indexPrefix: config.algolia.indexPrefix,
        logger,
        ...(insightsStore ? { recordEvents: (searchEvents) => insightsStore.recordSearchEvents(searchEvents) } : {}),
      });
  // Algolia's REST paths (/1/indexes/…, /1/events) on our origin; mounted first, it parses its own bodies.
  if (search) routers.unshift({ path: '/', handler: search.router });
  // The search page's server-side results: the engine in process, or Algolia with the search-only key.
  const algolia = config.algolia.remote;
  const searchClient = algolia ? createAlgoliaServerClient(algolia.appId, algolia.searchKey) : search ? createInProcessSearchClient(search.engine) : undefined;
  const searchApi = searchClient ? createSearchApi({ searchClient, indexPrefix: config.algolia.indexPrefix }) : undefined;
  if (algolia?.adminKey) {
    subscribeAlgoliaSync({
      client: createAlgoliaAdminClient(algolia.appId, algolia.adminKey),
      content,
      events,
      indexPrefix: config.algolia.indexPrefix,
      logger,
    });
  }
  if (clients.mode === 'embedded') {
    const assetsDir = join(dirname(exportFile), 'assets');
    const { images } = config;
    const assetRouter = createAssetRouter({
      assetsDir,
      logger,
      cacheMaxBytes: images.memoryCacheMaxBytes,
      qualities: images.qualities,
      concurrency: images.concurrency,
      timeoutMs: images.timeoutMs,
      diskCacheDir: join(config.dataDir, 'cache', 'images'),
      diskCacheMaxBytes: images.diskCacheMaxBytes,
    });
    routers.unshift({ path: '/content-assets', handler: assetRouter });
  }

  return {
    appDeps: {
      content,
      ...(searchApi ? { search: searchApi } : {}),
      pageCache,
      routers,
      beforePages: [previewCookie(config.preview.cookieSecret)],
      readiness: () => ({
        content: { mode: modes.content, ready: true },
        search: search
          ? { mode: 'embedded', ready: search.isReady(), ...(search.isReady() ? {} : { detail: 'building the index' }) }
          : { mode: 'algolia', ready: true },
      }),
    },
    content,
    modes,
    insightsStore,
    // The last second of queued insights is written before the process exits.
    close: async () => {
      await insightsStore?.close();
    },
  };
}
