import { setTimeout as delay } from 'node:timers/promises';

import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { holds, syncUntil } from '#server/services/content/replica-catch-up.ts';
import { readReplicaFile, writeReplicaFile } from '#server/services/content/replica-file.ts';
import {
  classify,
  createSyncSource,
  describeError,
  errorDetail,
  knownTypes,
  merge,
  modelChanges,
  NO_CHANGES,
  reportUnknownTypes,
  toSpace,
} from '#server/services/content/replica-source.ts';

import type { CdaEngine } from '#server/embedded/contentful/engine.ts';
import type { ExportAsset, ExportEntry } from '#server/embedded/contentful/space-export-schema.ts';
import type { SyncTarget } from '#server/services/content/replica-catch-up.ts';
import type { ReplicaChanges, SyncClient } from '#server/services/content/replica-source.ts';
import type { Logger } from 'pino';

export type { ReplicaChanges } from '#server/services/content/replica-source.ts';
export type { SyncTarget } from '#server/services/content/replica-catch-up.ts';

export interface ReplicaOptions {
  client: SyncClient;
  spaceId: string;
  environmentId: string;
  file: string;
  logger: Logger;
  /** 0: never. */
  pollMs: number;
  /** Halved while Contentful answers that a page is too big. */
  pageLimit?: number;
  /** How long a webhook's sync retries until the replica holds what was published (the Sync API lags by seconds). */
  catchUpMs?: number;
  onChange: (changes: ReplicaChanges) => Promise<void> | void;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

/** A replica of the published space (ADR 061). A failed sync keeps serving the last good replica. */
export function createReplica(options: ReplicaOptions) {
  const { client, logger, file } = options;
  const log = logger.child({ module: 'replica' });
  const catchUpMs = options.catchUpMs ?? 30_000;
  let pageLimit = options.pageLimit ?? 500;
  let engine: CdaEngine | undefined;
  let token: string | undefined;
  let syncedAt: number | undefined;
  let source: 'none' | 'file' | 'sync' = 'none';
  let lastError: string | undefined;
  let rateLimitedUntil = 0;
  let running: Promise<void> | undefined;
  let again = false;
  let wantModel = false;
  let stopped = false;
  let poll: NodeJS.Timeout | undefined;
  let writing = Promise.resolve();
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const { fetchPages, fetchModel } = createSyncSource(client, log);

  async function initialSync(): Promise<ReplicaChanges> {
    const [model, synced] = await Promise.all([fetchModel(), fetchPages({ initial: true, limit: pageLimit })]);
    const entries = (synced.items.entries ?? []) as ExportEntry[];
    reportUnknownTypes(entries, knownTypes(model), log);
    const space = toSpace(model, entries, (synced.items.assets ?? []) as ExportAsset[]);
    const previous = engine;
    const changes = previous ? modelChanges(previous.model(), space, previous.replace(space)) : undefined;
    engine ??= createCdaEngine(space, { assetBaseUrl: false, spaceId: options.spaceId, environmentId: options.environmentId });
    token = synced.nextSyncToken;
    log.info({ entries: space.entries.length, assets: space.assets.length, pageLimit }, 'initial sync done');
    return changes ?? { ...NO_CHANGES, model: true };
  }

  async function deltaSync(current: CdaEngine, since: string): Promise<ReplicaChanges> {
    const synced = await fetchPages({ nextSyncToken: since });
    const entries = synced.items.entries ?? [];
    const types = knownTypes(current.model());
    // An entry of a type published after the last model read: read the model again first.
    const model = entries.some((entry) => !types.has(entry.sys.contentType.sys.id)) ? await refreshModel(current) : NO_CHANGES;
    reportUnknownTypes(entries, knownTypes(current.model()), log);
    const entities = current.apply(synced.items);
    token = synced.nextSyncToken;
    if (entities.length > 0) log.info({ changed: entities.length }, 'delta sync applied');
    return merge(model, { ...NO_CHANGES, entities });
  }

  async function refreshModel(current: CdaEngine): Promise<ReplicaChanges> {
    const { entries: _entries, assets: _assets, ...next } = toSpace(await fetchModel(), [], []);
    const changes = modelChanges(current.model(), next, []);
    if (!changes.model && !changes.taxonomy && changes.tags.length === 0) return changes;
    const { entries, assets } = current.snapshot();
    return { ...changes, entities: current.replace({ ...next, entries, assets }) };
  }

  async function syncOnce(withModel: boolean): Promise<void> {
    const waitMs = rateLimitedUntil - Date.now();
    if (waitMs > 0) await sleep(waitMs);
    const started = Date.now();
    try {
      let changes: ReplicaChanges;
      if (!engine || token === undefined) {
        changes = await initialSync();
      } else {
        const model = withModel ? await refreshModel(engine) : undefined;
        changes = await deltaSync(engine, token).catch(async (error: unknown) => {
          const { kind } = classify(error, true);
          if (kind !== 'token-rejected' && kind !== 'too-big') throw error;
          if (kind === 'too-big') pageLimit = Math.max(1, Math.floor(pageLimit / 2));
          log.warn({ reason: kind, error: describeError(error), pageLimit }, 'sync token or page size refused: a fresh initial sync replaces the replica');
          return initialSync();
        });
        if (model) changes = merge(model, changes);
      }
      syncedAt = Date.now();
      source = 'sync';
      lastError = undefined;
      resolveReady();
      log.debug({ ms: syncedAt - started }, 'synced');
      // An unchanged replica is not written again: the file's older token still resumes (the delta is empty).
      if (changes.entities.length === 0 && !changes.model && changes.tags.length === 0 && !changes.taxonomy) return;
      await options.onChange(changes);
      persist();
    } catch (error) {
      const reason = classify(error, token !== undefined);
      lastError = `${reason.kind}: ${describeError(error)}`;
      if (reason.waitMs !== undefined) rateLimitedUntil = Date.now() + reason.waitMs;
      if (reason.kind === 'too-big') pageLimit = Math.max(1, Math.floor(pageLimit / 2));
      if (reason.kind === 'token-rejected' || reason.kind === 'too-big') token = undefined;
      log.error(
        { reason: reason.kind, error: describeError(error), ...errorDetail(error), ...(reason.waitMs ? { waitMs: reason.waitMs } : {}), servingFrom: source },
        'content sync failed; the last replica keeps serving',
      );
    }
  }

  /** Runs a sync now, or once more after the one running, so a change published meanwhile is not missed. */
  function sync(withModel = false): Promise<void> {
    wantModel ||= withModel;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        const model = wantModel;
        [again, wantModel] = [false, false];
        await syncOnce(model);
      } while (again && !stopped);
    })().finally(() => (running = undefined));
    return running;
  }

  const catchUp = (target: SyncTarget) =>
    syncUntil(() => stopped || holds(engine?.delivered(target.kind, target.id), target), { sync, catchUpMs, log, target });

  function persist(): void {
    const current = engine;
    if (!current || token === undefined || syncedAt === undefined) return;
    const snapshot = { space: current.snapshot(), nextSyncToken: token, syncedAt };
    writing = writing
      .then(() => writeReplicaFile(file, snapshot))
      .catch((error: unknown) => log.error({ err: error, file }, 'replica not written; a restart syncs again from the last file'));
  }

  return {
    async start(): Promise<void> {
      const loaded = await readReplicaFile(file).catch((error: unknown) => {
        log.warn({ err: error, file }, 'replica file unusable: a fresh initial sync replaces it');
        return undefined;
      });
      if (loaded) {
        engine = createCdaEngine(loaded.space, { assetBaseUrl: false, spaceId: options.spaceId, environmentId: options.environmentId });
        [token, syncedAt, source] = [loaded.nextSyncToken, loaded.syncedAt, 'file'];
        log.info({ file, entries: loaded.space.entries.length, ageMs: Date.now() - loaded.syncedAt }, 'replica loaded from file');
        resolveReady();
      }
      const first = sync(true);
      if (!loaded) void retryUntilReady();
      if (options.pollMs > 0) poll = setInterval(() => void sync(true), options.pollMs).unref();
      await (loaded ? undefined : first);
    },
    ready,
    get engine(): CdaEngine | undefined {
      return engine;
    },
    sync,
    syncModel: () => sync(true),
    catchUp,
    status: () => ({
      ready: engine !== undefined,
      source,
      syncedAt,
      ageMs: syncedAt === undefined ? undefined : Date.now() - syncedAt,
      ...(engine?.counts() ?? { entries: 0, assets: 0 }),
      lastError,
    }),
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      await running;
      await writing;
    },
  };

  async function retryUntilReady(): Promise<void> {
    for (let waitMs = FIRST_RETRY_MS; !engine && !stopped; waitMs = Math.min(waitMs * 2, MAX_RETRY_MS)) {
      await (running ?? Promise.resolve());
      if (engine || stopped) return;
      await sleep(Math.max(waitMs, rateLimitedUntil - Date.now()));
      await sync(true);
    }
  }
}

export type Replica = ReturnType<typeof createReplica>;

const sleep = (ms: number) => delay(ms, undefined, { ref: false });
