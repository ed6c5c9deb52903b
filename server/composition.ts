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

/** Contentful clients (a replica of a live space, or the embedded export), the cached ContentService and the change fan-out. */
export async function createContentStack(config: Config, logger: Logger) {
  const exportFile = resolve(config.contentful.exportFile);
  const sdkLog = logger.child({ module: 'contentful-sdk' });
  const { remote, timeoutMs, syncPollMs } = config.contentful;
  // Set by createServices once the rest of the server is built.
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
  // The content-model check narrows the served locales to the space's (ADR 039).
  const space = createSpaceStatusStore();
  const locales = (): readonly Locale[] => space.get().locales;
  // A space never synced before is synced now; one on disk serves at once and syncs in the background (ADR 061).
  await clients.replica?.start();
  const onReplica = (listener: typeof onReplicaChange) => void (onReplicaChange = listener);
  // An export's webhooks evict through the same path as a replica's syncs (ADR 061).
  const sync = clients.mode === 'remote' ? clients.replica : createEmbeddedSync(clients.engine, (changes) => onReplicaChange(changes));
  return { clients, cache, content, events, exportFile, locales, space, onReplica, sync };
}

const SPACE_RECHECK_MS = 30_000;
const searchWait = (state: string) => (state === 'not-set-up' ? 'waiting for the content model' : 'building the index');

/** The composition root: every service, adapter and router from config; app.ts mounts them. */
export async function createServices(config: Config, logger: Logger) {
  const { clients, cache, content, events, exportFile, locales, space, onReplica, sync } = await createContentStack(config, logger);
  const pageCache = createPageCache({ maxBytes: config.pageCacheMaxBytes, ttlMs: config.contentful.cacheTtlMs, logger });
  events.subscribe((change) => void pageCache.invalidate(dependenciesOf(change)));
  // Optional parts load only when configured (ADR 055); with Redis, instances evict and count rate limits together (ADR 053).
  const coherenceModule = config.redisUrl ? await import('#server/services/coherence/coherence.ts') : undefined;
  const coherence = coherenceModule?.createCoherence({
    url: config.redisUrl ?? '',
    channel: coherenceModule.invalidationChannel(config.contentful.remote),
    logger,
    recheckModel: () => (clients.replica ? clients.replica.syncModel() : spaceChecks.recheck()),
    replica: sync,
    // A replica missed only reasons to sync (ADR 061); an embedded instance missed nothing.
    resync: () => void clients.replica?.sync(true),
  });
  const sharedRateLimits = coherence && createSharedRateLimitStore(coherence.rateLimitClient, logger);

  const modes = {
    content: clients.mode === 'remote' ? 'contentful' : 'embedded',
    search: config.algolia.remote ? 'algolia' : 'embedded',
    insights: config.insights.enabled ? (config.insights.selfHosted ? 'self-hosted' : 'external') : 'off',
  };

  const insightsStore = config.insights.enabled && config.insights.selfHosted ? openInsightsStore(config, logger) : undefined;
  const search = config.algolia.remote
    ? undefined
    : createEmbeddedSearch({
        locales,
        // Waits for a space that matches instead of failing and retrying every 30 s (ADR 038).
        loadRecords: (served, entryIds) => collectRecords(content, served, entryIds),
        whenBuildable: () => space.whenReady(),
        onContentChange: (listener) => events.subscribe(listener),
        indexPrefix: config.algolia.indexPrefix,
        logger,
        sharedRateLimits,
        ...(insightsStore ? { recordEvents: (searchEvents) => insightsStore.recordSearchEvents(searchEvents) } : {}),
      });
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
  // ADR 041.
  const modelChecks = config.modelValidation
    ? startModelChecks({ content, events, embedded: clients.mode === 'embedded', assetsDir, logger, onChange: (ids) => void pageCache.invalidate(ids) })
    : undefined;
  // ADR 038: at start, when a sync changed the model, and every 30 s while a live space is not set up.
  const spaceChecks = startSpaceChecks({
    model: () => clients.engine?.model(),
    store: space,
    logger,
    recheckMs: clients.mode === 'remote' ? SPACE_RECHECK_MS : 0,
    refresh: clients.replica?.syncModel,
    // Results and pages built from the old model may be wrong: rare, so drop them all.
    onChange: () => {
      content.invalidate(MODEL_DEPENDENCIES);
      pageCache.clear();
      void search?.localesChanged();
    },
  });
  const cdn = config.cdn && createCdnPurger(config.cdn, logger);
  onReplica(async (changes) => {
    const found = toContentChanges(changes, clients.engine);
    let cacheKeys = 0;
    for (const change of found) {
      cacheKeys += content.invalidate(dependenciesOf(change)).length;
      await events.emit(change);
    }
    const affectedIds = [...new Set(found.flatMap((change) => change.affectedIds))];
    if (found.length > 0) logger.info({ changed: found.map((change) => change.id), affectedIds, cacheKeys }, 'content invalidated');
    // A new content model or locale fallback can change any result or page: drop them all.
    if (changes.model) {
      cache.clear();
      pageCache.clear();
      await spaceChecks.recheck();
    }
    if (found.length > 0 || changes.model) cdn?.purge(purgeKeysOf(found.flatMap(dependenciesOf), changes.model));
  });
  // Its log comes before "server listening".
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
        // The dashboard links a no-result query to the live space's entries (ADR 067); it reads the ids only.
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
      // A cache that keeps nothing would still have every page copied for it.
      ...(config.pageCacheMaxBytes > 0 ? { pageCache } : {}),
      routers,
      readiness: () => ({
        // A restart while Contentful is down serves the replica's file: say how old it is (ADR 061).
        content: { ...spaceReadiness(modes.content, space.get()), ...(clients.replica ? { replica: clients.replica.status() } : {}) },
        search: search
          ? { mode: 'embedded', ready: search.isReady(), ...(search.isReady() ? {} : { detail: searchWait(space.get().state) }) }
          : { mode: 'algolia', ready: true },
        ...(modelChecks ? { models: modelChecks.status() } : {}),
        ...(coherence ? { bus: coherence.status() } : {}),
      }),
    },
    content,
    modes,
    insightsStore,
    close: async () => {
      spaceChecks.stop();
      await clients.replica?.stop();
      await Promise.all([insightsStore?.close(), coherence?.close()]);
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
