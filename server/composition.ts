import { dirname, join, resolve } from 'node:path';

import { createContentJsonRouter } from '#server/api/content-json.ts';
import { createContentfulWebhookRouter } from '#server/api/contentful-webhook.ts';
import { createFeedsRouter } from '#server/api/feeds.ts';
import { createPreviewRouter, previewCookie } from '#server/api/preview.ts';
import { createSharedRateLimitStore } from '#server/middleware/rate-limit-store.ts';
import { createCdnPurger } from '#server/services/cdn/cdn-purge.ts';
import { purgeKeysOf } from '#server/services/cdn/surrogate-keys.ts';
import { createContentCache } from '#server/services/content/content-cache.ts';
import { createContentEvents, createEmbeddedSync, dependenciesOf, toContentChanges } from '#server/services/content/content-events.ts';
import { createContentService } from '#server/services/content/content-service.ts';
import { replicaPath } from '#server/services/content/replica-file.ts';
import { createContentfulClients } from '#server/services/content/contentful-client.ts';
import { MODEL_DEPENDENCIES, spaceReadiness, startSpaceChecks } from '#server/services/content/space-checks.ts';
import { createSpaceStatusStore } from '#server/services/content/space-status.ts';
import { createPageCache } from '#server/ssr/page-cache.ts';
import { createSpaceGate } from '#server/ssr/space-gate.ts';
import { createAssetRouter } from '#server/api/content-assets.ts';
import { startModelChecks } from '#server/services/models/model-checks.ts';
import { withModelChecks } from '#server/services/models/model-checks-content.ts';
import { createEmbeddedSearch } from '#server/embedded/algolia/index.ts';
import { subscribeAlgoliaSync } from '#server/services/search/algolia.ts';
import { collectRecords } from '#server/services/search/records.ts';
import { createAlgoliaServerClient, createSearchApi } from '#server/services/search/search-api.ts';
import { createInsightsRouter } from '#server/insights/router.ts';
import { createScriptSource } from '#server/insights/scripts.ts';
import { openInsightsStore } from '#server/insights/store/store.ts';

import type { AppRouters } from '#server/app.ts';
import type { Config } from '#server/config.ts';
import type { ReplicaChanges } from '#server/services/content/replica.ts';
import type { Locale } from '#shared/content/types.ts';
import type { Logger } from 'pino';

/** Contentful clients (a replica of a live space, or the embedded export), the cached ContentService and the content change fan-out. */
export async function createContentStack(config: Config, logger: Logger) {
  const exportFile = resolve(config.contentful.exportFile);
  const sdkLog = logger.child({ module: 'contentful-sdk' });
  const { remote, timeoutMs, syncPollMs } = config.contentful;
  // The replica reports its changes once the rest of the server is built (createServices sets the listener).
  let onReplicaChange: (changes: ReplicaChanges) => Promise<void> | void = () => undefined;
  const clients = await createContentfulClients(
    {
      contentful: remote,
      exportFile,
      timeoutMs,
      replica: remote && { file: replicaPath(config.dataDir, remote.spaceId, remote.environment), pollMs: syncPollMs },
    },
    {
      logger,
      logHandler: (level, data) => (level === 'error' ? sdkLog.error({ detail: data }, 'sdk error') : sdkLog.warn({ detail: data }, 'sdk warning')),
      onReplicaChange: (changes) => onReplicaChange(changes),
    },
  );
  const cache = createContentCache({ ttlMs: config.contentful.cacheTtlMs, maxBytes: config.contentful.cacheMaxBytes, logger });
  const content = createContentService({ delivery: clients.delivery, preview: clients.previewAvailable ? clients.preview : undefined, cache, logger });
  const events = createContentEvents(logger);
  // The one getter of the locales the site serves (ADR 039); the content-model check narrows them to the space's.
  const space = createSpaceStatusStore();
  const locales = (): readonly Locale[] => space.get().locales;
  // A space never synced before is synced now; one on disk serves at once and syncs in the background (ADR 061).
  await clients.replica?.start();
  const onReplica = (listener: typeof onReplicaChange) => void (onReplicaChange = listener);
  // The export does not change while the process runs: its webhooks evict through the same path as a replica's syncs (ADR 061).
  const sync = clients.mode === 'remote' ? clients.replica : createEmbeddedSync(clients.engine, (changes) => onReplicaChange(changes));
  return { clients, cache, content, events, exportFile, locales, space, onReplica, sync };
}

const SPACE_RECHECK_MS = 30_000;
const searchWait = (state: string) => (state === 'not-set-up' ? 'waiting for the content model' : 'building the index');

/** The composition root: builds every service, adapter and router from config; app.ts mounts them. */
export async function createServices(config: Config, logger: Logger) {
  const { clients, cache, content, events, exportFile, locales, space, onReplica, sync } = await createContentStack(config, logger);
  // Pages live as long as the content they were built from is fresh; webhooks evict them sooner.
  const pageCache = createPageCache({ maxBytes: config.pageCacheMaxBytes, ttlMs: config.contentful.cacheTtlMs, logger });
  events.subscribe((change) => void pageCache.invalidate(dependenciesOf(change)));
  // With REDIS_URL a webhook reaching any instance evicts on all of them, and rate limits count across instances (ADR 053).
  // Redis, Algolia's admin client and the rest of a deployment's optional parts load only when configured (ADR 055: memory).
  const coherenceModule = config.redisUrl ? await import('#server/services/coherence/coherence.ts') : undefined;
  const coherence = coherenceModule?.createCoherence({
    url: config.redisUrl ?? '',
    channel: coherenceModule.invalidationChannel(config.contentful.remote),
    logger,
    recheckModel: () => (clients.replica ? clients.replica.syncModel() : spaceChecks.recheck()),
    replica: sync,
    // A replica missed only reasons to sync: one sync with the model brings what changed, and evicts exactly that (ADR 061). An
    // export does not change while the process runs: an embedded instance missed nothing.
    resync: () => void clients.replica?.sync(true),
  });
  const sharedRateLimits = coherence && createSharedRateLimitStore(coherence.rateLimitClient, logger);

  const modes = {
    content: clients.mode === 'remote' ? 'contentful' : 'embedded',
    search: config.algolia.remote ? 'algolia' : 'embedded',
    insights: config.insights.enabled ? (config.insights.selfHosted ? 'self-hosted' : 'external') : 'off',
  };

  // Page views, vitals and search Insights events, kept across restarts (SQLite under DATA_DIR, or PostgreSQL).
  const insightsStore = config.insights.enabled && config.insights.selfHosted ? openInsightsStore(config, logger) : undefined;
  const search = config.algolia.remote
    ? undefined
    : createEmbeddedSearch({
        locales,
        // The full build waits for a space that matches instead of failing and retrying every 30 s (ADR 038).
        loadRecords: (served, entryIds) => collectRecords(content, served, entryIds),
        whenBuildable: () => space.whenReady(),
        onContentChange: (listener) => events.subscribe(listener),
        indexPrefix: config.algolia.indexPrefix,
        logger,
        sharedRateLimits,
        ...(insightsStore ? { recordEvents: (searchEvents) => insightsStore.recordSearchEvents(searchEvents) } : {}),
      });
  // The search page's server-side results: the engine in process, or Algolia with the search-only key.
  const algolia = config.algolia.remote;
  const searchClient = algolia ? createAlgoliaServerClient(algolia.appId, algolia.searchKey) : search?.searchClient;
  const searchApi = searchClient ? createSearchApi({ searchClient, indexPrefix: config.algolia.indexPrefix }) : undefined;
  if (algolia?.adminKey) {
    const { algoliasearch } = await import('algoliasearch');
    const client = algoliasearch(algolia.appId, algolia.adminKey);
    subscribeAlgoliaSync({ client, content, events, indexPrefix: config.algolia.indexPrefix, locales, logger });
  }

  const { images, preview } = config;
  const assetsDir = join(dirname(exportFile), 'assets');
  // Ingest validation of model files (ADR 041); a page whose model's result changed renders again.
  const modelChecks = config.modelValidation
    ? startModelChecks({ content, events, embedded: clients.mode === 'embedded', assetsDir, logger, onChange: (ids) => void pageCache.invalidate(ids) })
    : undefined;
  // The content-model check (ADR 038): at start, when a sync changed the model, and every 30 s while a live space is not set up (re-reading it first).
  const spaceChecks = startSpaceChecks({
    model: () => clients.engine?.model(),
    store: space,
    logger,
    recheckMs: clients.mode === 'remote' ? SPACE_RECHECK_MS : 0,
    refresh: clients.replica?.syncModel,
    // Results and pages built from the old model may be wrong (fields read as missing, a locale's fallbacks): rare, so drop them all.
    onChange: () => {
      content.invalidate(MODEL_DEPENDENCIES);
      pageCache.clear();
      void search?.localesChanged();
    },
  });
  const cdn = config.cdn && createCdnPurger(config.cdn, logger);
  // What each sync of the replica (or an embedded webhook) changed: cached results built from it go, listeners (pages, search) hear of it,
  // the CDN purges it.
  onReplica(async (changes) => {
    const found = toContentChanges(changes, clients.engine);
    let cacheKeys = 0;
    for (const change of found) {
      cacheKeys += content.invalidate(dependenciesOf(change)).length;
      await events.emit(change);
    }
    const affectedIds = [...new Set(found.flatMap((change) => change.affectedIds))];
    if (found.length > 0) logger.info({ changed: found.map((change) => change.id), affectedIds, cacheKeys }, 'content invalidated');
    // A new content model or locale fallback can change any result or page, and it is rare: drop them all.
    if (changes.model) {
      cache.clear();
      pageCache.clear();
      await spaceChecks.recheck();
    }
    if (found.length > 0 || changes.model) cdn?.purge(purgeKeysOf(found.flatMap(dependenciesOf), changes.model));
  });
  // In process the first check takes milliseconds: its log comes before "server listening". So does a replica's.
  await spaceChecks.first;
  const routers: AppRouters = {
    previewCookie: previewCookie(preview.cookieSecret),
    assets:
      clients.mode === 'embedded' ? createAssetRouter({ assetsDir, logger, ...images, diskCacheDir: join(config.dataDir, 'cache', 'images') }) : undefined,
    searchApi: search?.router,
    insights:
      insightsStore &&
      createInsightsRouter({
        ...{ scripts: createScriptSource(config.isDev), store: insightsStore, token: config.insights.token, sharedRateLimits, locales },
        // The dashboard links a no-result query to the live space's entries (ADR 067); it reads the space and environment ids only.
        space: config.contentful.remote,
      }),
    spaceGate: createSpaceGate(() => space.get(), clients.mode === 'remote' ? 'contentful' : 'embedded'),
    feeds: createFeedsRouter(config, content, locales),
    contentJson: createContentJsonRouter(content, config.htmlCacheControl, locales),
    preview: createPreviewRouter({ secret: preview.secret, cookieSecret: preview.cookieSecret, enabled: clients.previewAvailable }),
    webhook: createContentfulWebhookRouter({
      secret: config.contentful.webhookSecret,
      maxBodyBytes: config.maxBodyBytes,
      onModelChange: () => spaceChecks.recheck(),
      sync,
      syncOthers: coherence?.syncOthers,
    }),
  };

  return {
    appDeps: {
      locales,
      content: modelChecks ? withModelChecks(content, modelChecks) : content,
      ...(searchApi ? { search: searchApi } : {}),
      // A cache that keeps nothing (PAGE_CACHE_MAX_BYTES=0) would still have every page copied for it.
      ...(config.pageCacheMaxBytes > 0 ? { pageCache } : {}),
      routers,
      readiness: () => ({
        // A replica says where its content came from and how old it is (ADR 061): a restart while Contentful is down serves the file.
        content: { ...spaceReadiness(modes.content, space.get()), ...(clients.replica ? { replica: clients.replica.status() } : {}) },
        search: search
          ? { mode: 'embedded', ready: search.isReady(), ...(search.isReady() ? {} : { detail: searchWait(space.get().state) }) }
          : { mode: 'algolia', ready: true },
        ...(modelChecks ? { models: modelChecks.status() } : {}),
        ...(coherence ? { bus: coherence.status() } : {}),
      }),
    },
    content,
    /** Which implementation each part runs on, for the start-up line. */
    modes,
    insightsStore,
    // The last second of queued insights is written before the process exits.
    close: async () => {
      spaceChecks.stop();
      await clients.replica?.stop();
      await Promise.all([insightsStore?.close(), coherence?.close()]);
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
