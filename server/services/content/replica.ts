import { setTimeout as delay } from 'node:timers/promises';

import { isAxiosError } from 'axios';

import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { markDeliveredAsPublished } from '#server/embedded/contentful/space-export-checks.ts';
import { assetSchema, entrySchema } from '#server/embedded/contentful/space-export-schema.ts';
import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';
import { readReplicaFile, writeReplicaFile } from '#server/services/content/replica-file.ts';
import { errorStatus, isUnavailableFeature } from '#server/services/content/space-checks.ts';

import type { CdaEngine } from '#server/embedded/contentful/engine.ts';
import type { EntityChanges, ScopeChange } from '#server/embedded/contentful/export-index.ts';
import type { ExportAsset, ExportEntry, SpaceExport } from '#server/embedded/contentful/space-export-schema.ts';
import type { ContentfulClient } from '#server/services/content/contentful-client.ts';
import type { Logger } from 'pino';

/** The SDK calls a replica makes: the Sync API for entries and assets, the CDA for what the sync feed does not carry. */
export type SyncClient = Pick<ContentfulClient, 'getContentTypes' | 'getLocales' | 'getTags' | 'getConcepts'> & {
  withoutLinkResolution: Pick<ContentfulClient['withoutLinkResolution'], 'sync'>;
};

/** What a webhook says was published or removed: the replica syncs until it holds that (read your own publish). */
export interface SyncTarget {
  kind: 'Entry' | 'Asset';
  id: string;
  /** The published revision (`sys.revision`, the CMA's `publishedCounter`) the replica must reach; absent: any. */
  revision?: number | undefined;
  /** Unpublished, archived or deleted: the replica must no longer serve it. */
  gone?: boolean;
}

/** The replica's model (content types, locales, tags, taxonomy) changed, or entities did. */
export interface ReplicaChanges {
  entities: readonly ScopeChange[];
  /** Tag ids whose name or existence changed; `taxonomy`: any concept did. */
  tags: readonly string[];
  taxonomy: boolean;
  /** Content types or locales changed: the content-model check runs again. */
  model: boolean;
}

export interface ReplicaOptions {
  client: SyncClient;
  spaceId: string;
  environmentId: string;
  /** Where the replica is kept (replica-file.ts). */
  file: string;
  logger: Logger;
  /** Delta sync this often without a webhook (0: never). */
  pollMs: number;
  /** Items per sync page (the Sync API's `limit`); halved while Contentful answers that a page is too big. */
  pageLimit?: number;
  /** How long a webhook's sync keeps retrying until the replica holds what was published (the Sync API lags by seconds). */
  catchUpMs?: number;
  /** Called after each sync that changed something, before the file is written. */
  onChange: (changes: ReplicaChanges) => Promise<void> | void;
}

export interface ReplicaStatus {
  ready: boolean;
  /** Where the data being served came from, and when it was last in step with Contentful. */
  source: 'none' | 'file' | 'sync';
  syncedAt: number | undefined;
  ageMs: number | undefined;
  entries: number;
  assets: number;
  lastError: string | undefined;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/** The waits a webhook's catch-up makes between syncs: 250 ms, doubling, within `catchUpMs`. */
function* backoff(totalMs: number): Generator<number> {
  let [wait, spent] = [FIRST_RETRY_MS, 0];
  while (spent + wait <= totalMs) {
    yield wait;
    spent += wait;
    wait = Math.min(wait * 2, 8000);
  }
}

/** A sync page that was not one: not JSON, or cut off (the SDK then reads a page with neither URL). */
class SyncError extends Error {
  override name = 'SyncError';
}

/**
 * A replica of the published space (ADR 061): loaded from `file` or made by an initial sync, kept current by delta syncs
 * (webhook, poll), and served by the same in-process engine as the embedded default. A failed sync keeps serving the last
 * good replica. `engine` is undefined only until the first replica exists.
 */
export function createReplica(options: ReplicaOptions) {
  const { client, logger, file } = options;
  const log = logger.child({ module: 'replica' });
  const catchUpMs = options.catchUpMs ?? 30_000;
  let pageLimit = options.pageLimit ?? 500;
  let engine: CdaEngine | undefined;
  let token: string | undefined;
  let syncedAt: number | undefined;
  let source: ReplicaStatus['source'] = 'none';
  let lastError: string | undefined;
  let rateLimitedUntil = 0;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let poll: NodeJS.Timeout | undefined;
  let writing = Promise.resolve();
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  /** Every page of one sync, from the initial request or a token, until Contentful hands out the next sync token. */
  async function fetchPages(start: { initial: true; limit: number } | { nextSyncToken: string }): Promise<{ items: EntityChanges; nextSyncToken: string }> {
    const items = { entries: [] as unknown[], assets: [] as unknown[], deletedEntries: [] as string[], deletedAssets: [] as string[] };
    let query: Record<string, unknown> = start;
    for (;;) {
      const page = await client.withoutLinkResolution.sync(query as Parameters<SyncClient['withoutLinkResolution']['sync']>[0], { paginate: false });
      items.entries.push(...page.entries);
      items.assets.push(...page.assets);
      items.deletedEntries.push(...page.deletedEntries.map((item) => item.sys.id));
      items.deletedAssets.push(...page.deletedAssets.map((item) => item.sys.id));
      if (page.nextSyncToken) return { items: checkItems(items), nextSyncToken: page.nextSyncToken };
      // The SDK reads a body that is not JSON (or was cut off) as a page with neither URL.
      if (!page.nextPageToken) throw new SyncError('a sync page had neither nextPageUrl nor nextSyncUrl (not JSON, or cut off)');
      query = { nextPageToken: page.nextPageToken };
    }
  }

  /** Keeps the entries and assets the engine can serve; one line names the rest, which keep their last good version. */
  function checkItems(raw: { entries: unknown[]; assets: unknown[]; deletedEntries: string[]; deletedAssets: string[] }): EntityChanges {
    const refused: string[] = [];
    const keep = <T extends ExportEntry | ExportAsset>(list: unknown[], schema: { safeParse: (item: unknown) => { success: boolean; data?: T } }) =>
      list.flatMap((item) => {
        const parsed = schema.safeParse(item);
        const id = String((item as { sys?: { id?: unknown } } | null)?.sys?.id ?? '?');
        if (!parsed.success || !parsed.data) return (refused.push(`${id}: not an entry or asset the Sync API sends`), []);
        if (parsed.data.sys.type === 'Asset' && !Object.values(parsed.data.fields['file'] ?? {}).some(Boolean))
          return (refused.push(`${id}: asset without a file`), []);
        markDeliveredAsPublished(parsed.data.sys);
        // The CDA's sys also carries `publishedVersion`, which markDeliveredAsPublished reads as an export's: keep `revision`.
        parsed.data.sys.publishedCounter ??= parsed.data.sys.revision;
        return [parsed.data];
      });
    const checked = { ...raw, entries: keep<ExportEntry>(raw.entries, entrySchema), assets: keep<ExportAsset>(raw.assets, assetSchema) };
    if (refused.length > 0) log.warn({ items: refused.slice(0, 20), count: refused.length }, 'sync items left out; their last good version stays');
    return checked;
  }

  /** Content types, locales, tags and taxonomy from the CDA (the sync feed carries none of them). */
  async function fetchModel(): Promise<Omit<SpaceExport, 'entries' | 'assets'>> {
    const orNone = (error: unknown) => (isUnavailableFeature(error) ? { items: [] } : Promise.reject(error));
    const [contentTypes, locales, tags, concepts] = await Promise.all([
      client.getContentTypes({ limit: 1000 } as Parameters<SyncClient['getContentTypes']>[0]),
      client.getLocales(),
      client.getTags({ limit: 1000 }).catch(orNone),
      client.getConcepts({ limit: 1000 }).catch(orNone),
    ]);
    // The CDA serves only published content types, with `revision` for versions.
    const published = contentTypes.items.map((type) => ({ ...type, sys: { ...type.sys, publishedAt: type.sys.updatedAt } }));
    return { contentTypes: published, locales: locales.items, tags: tags.items, taxonomy: { conceptSchemes: [], concepts: concepts.items } } as never;
  }

  /** The export shape, validated by the same loader as an export file. */
  function toSpace(model: Omit<SpaceExport, 'entries' | 'assets'>, entries: readonly ExportEntry[], assets: readonly ExportAsset[]): SpaceExport {
    return parseSpaceExport({ ...model, entries, assets }, 'Contentful sync').space;
  }

  function knownTypes(space: Pick<SpaceExport, 'contentTypes'>): Set<string> {
    return new Set(space.contentTypes.map((type) => type.sys.id));
  }

  /** Entries of a content type the replica does not know are reported once; the engine does not serve them until their type arrives. */
  function reportUnknownTypes(entries: readonly ExportEntry[], types: Set<string>): void {
    const unknown = entries.filter((entry) => !types.has(entry.sys.contentType.sys.id));
    if (unknown.length > 0)
      log.warn(
        { entries: unknown.slice(0, 20).map((entry) => `${entry.sys.id} (${entry.sys.contentType.sys.id})`), count: unknown.length },
        'sync entries of an unknown content type are not served',
      );
  }

  async function initialSync(): Promise<ReplicaChanges> {
    const [model, synced] = await Promise.all([fetchModel(), fetchPages({ initial: true, limit: pageLimit })]);
    const entries = (synced.items.entries ?? []) as ExportEntry[];
    reportUnknownTypes(entries, knownTypes(model));
    const space = toSpace(model, entries, (synced.items.assets ?? []) as ExportAsset[]);
    const previous = engine;
    const changes = previous ? modelChanges(previous.snapshot(), space, previous.replace(space)) : undefined;
    engine ??= createCdaEngine(space, { assetBaseUrl: false, spaceId: options.spaceId, environmentId: options.environmentId });
    token = synced.nextSyncToken;
    log.info({ entries: space.entries.length, assets: space.assets.length, pageLimit }, 'initial sync done');
    // The first replica of this process: the content-model check can now read it.
    return changes ?? { entities: [], tags: [], taxonomy: false, model: true };
  }

  async function deltaSync(current: CdaEngine, since: string): Promise<ReplicaChanges> {
    const synced = await fetchPages({ nextSyncToken: since });
    const entries = synced.items.entries ?? [];
    const types = knownTypes(current.snapshot());
    // An entry of a type published after the last model read: read the model again first.
    const changes = entries.some((entry) => !types.has(entry.sys.contentType.sys.id)) ? await refreshModel(current) : undefined;
    reportUnknownTypes(entries, knownTypes(current.snapshot()));
    const entities = current.apply(synced.items);
    token = synced.nextSyncToken;
    if (entities.length > 0) log.info({ changed: entities.length }, 'delta sync applied');
    return {
      entities: [...(changes?.entities ?? []), ...entities],
      tags: changes?.tags ?? [],
      taxonomy: changes?.taxonomy ?? false,
      model: changes?.model ?? false,
    };
  }

  /** Reads the model again; when it differs, the engine re-indexes under it. */
  async function refreshModel(current: CdaEngine): Promise<ReplicaChanges> {
    const model = await fetchModel();
    const before = current.snapshot();
    const next = toSpace(model, before.entries, before.assets);
    const same =
      JSON.stringify([before.contentTypes, before.locales, before.tags, before.taxonomy.concepts]) ===
      JSON.stringify([next.contentTypes, next.locales, next.tags, next.taxonomy.concepts]);
    return same ? { entities: [], tags: [], taxonomy: false, model: false } : modelChanges(before, next, current.replace(next));
  }

  /** One sync (initial without a replica or token, delta otherwise), with its faults turned into a log line and a kept replica. */
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
          const { kind } = classify(error);
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
      if (changes.entities.length > 0 || changes.model || changes.tags.length > 0 || changes.taxonomy) await options.onChange(changes);
      log.debug({ ms: syncedAt - started }, 'synced');
      persist();
    } catch (error) {
      const reason = classify(error);
      lastError = `${reason.kind}: ${describeError(error)}`;
      if (reason.waitMs !== undefined) rateLimitedUntil = Date.now() + reason.waitMs;
      if (reason.kind === 'too-big') pageLimit = Math.max(1, Math.floor(pageLimit / 2));
      if (reason.kind === 'token-rejected' || reason.kind === 'too-big') token = undefined;
      // An HTTP error is named by its status: the SDK's and axios's errors carry the request (URL, headers) with them.
      const detail = isAxiosError(error) || errorStatus(error) !== undefined ? {} : { err: error };
      log.error(
        { reason: reason.kind, error: describeError(error), ...detail, ...(reason.waitMs ? { waitMs: reason.waitMs } : {}), servingFrom: source },
        'content sync failed; the last replica keeps serving',
      );
    }
  }

  function classify(error: unknown): { kind: string; waitMs?: number } {
    if (error instanceof SyncError) return { kind: 'bad-page' };
    const status = errorStatus(error);
    if (status === 429) return { kind: 'rate-limited', waitMs: Math.min(MAX_RATE_LIMIT_WAIT_MS, rateLimitResetMs(error) ?? 1000) };
    const body = JSON.stringify((error as { response?: { data?: unknown } }).response?.data ?? (error as Error).message ?? '');
    if (status === 400 && /response size too big/i.test(body)) return { kind: 'too-big' };
    if (status !== undefined && status >= 400 && status < 500 && token !== undefined) return { kind: 'token-rejected' };
    return { kind: status === undefined ? 'no-answer' : 'upstream-failed' };
  }

  /** Runs a sync now, or once more after the one running (so a change published meanwhile is not missed). */
  function sync(withModel = false): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await syncOnce(withModel);
      } while (again && !stopped);
    })().finally(() => (running = undefined));
    return running;
  }

  function holds(target: SyncTarget): boolean {
    const entity = engine?.delivered(target.kind, target.id);
    if (target.gone) return !entity;
    const revision = Number((entity?.sys as { revision?: unknown } | undefined)?.revision ?? 0);
    return entity !== undefined && (target.revision === undefined || revision >= target.revision);
  }

  /** Syncs until the replica holds `target` (backing off, at most `catchUpMs`); resolves false when it did not in time. */
  async function catchUp(target: SyncTarget): Promise<boolean> {
    await sync();
    for (const waitMs of backoff(catchUpMs)) {
      if (holds(target) || stopped) return true;
      await sleep(waitMs);
      await sync();
    }
    if (holds(target)) return true;
    log.warn({ ...target, catchUpMs }, 'the replica did not reach the published version in time; the next sync brings it');
    return false;
  }

  function persist(): void {
    const current = engine;
    if (!current || token === undefined || syncedAt === undefined) return;
    const snapshot = { space: current.snapshot(), nextSyncToken: token, syncedAt };
    writing = writing
      .then(() => writeReplicaFile(file, snapshot))
      .catch((error: unknown) => log.error({ err: error, file }, 'replica not written; a restart syncs again from the last file'));
  }

  return {
    /** Loads the replica from the file (else syncs), then delta-syncs on `pollMs`. Resolves once there is a replica to serve. */
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
    /** Resolves when a replica can be served (from the file or the first sync). */
    ready,
    get engine(): CdaEngine | undefined {
      return engine;
    },
    sync,
    /** Reads content types, locales, tags and taxonomy again, with a delta sync (a ContentType, Locale, Tag or Taxonomy webhook). */
    syncModel: () => sync(true),
    catchUp,
    status(): ReplicaStatus {
      const snapshot = engine?.snapshot();
      return {
        ready: engine !== undefined,
        source,
        syncedAt,
        ageMs: syncedAt === undefined ? undefined : Date.now() - syncedAt,
        entries: snapshot?.entries.length ?? 0,
        assets: snapshot?.assets.length ?? 0,
        lastError,
      };
    },
    /** Stops polling and waits for the sync and the write under way. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      await running;
      await writing;
    },
  };

  /** Without a replica, the first sync is retried with backoff until one succeeds. */
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

function merge(x: ReplicaChanges, y: ReplicaChanges): ReplicaChanges {
  return {
    entities: [...x.entities, ...y.entities],
    tags: [...new Set([...x.tags, ...y.tags])],
    taxonomy: x.taxonomy || y.taxonomy,
    model: x.model || y.model,
  };
}

/** What a new model (or a fresh initial sync) changed besides entities: tags by id, the taxonomy, content types or locales. */
function modelChanges(before: SpaceExport, after: SpaceExport, entities: ScopeChange[]): ReplicaChanges {
  const byId = (tags: SpaceExport['tags']) => new Map(tags.map((tag) => [tag.sys.id, JSON.stringify([tag.name, tag.sys.visibility])]));
  const [was, now] = [byId(before.tags), byId(after.tags)];
  const tags = [...new Set([...was.keys(), ...now.keys()])].filter((id) => was.get(id) !== now.get(id));
  const json = (value: unknown) => JSON.stringify(value);
  return {
    entities,
    tags,
    taxonomy: json(before.taxonomy.concepts) !== json(after.taxonomy.concepts),
    model: json([before.contentTypes, before.locales]) !== json([after.contentTypes, after.locales]),
  };
}

/** A short, credential-free account of a sync failure: the HTTP status, or the error's own message (a timeout, a bad page). */
function describeError(error: unknown): string {
  const status = errorStatus(error);
  if (status !== undefined) return `${status} ${(error as { response?: { statusText?: string } }).response?.statusText ?? (error as Error).name}`.trim();
  return error instanceof Error ? error.message : String(error);
}

/** The wait a 429 asks for: `X-Contentful-RateLimit-Reset` or `Retry-After`, in seconds (the sync calls reject with axios's error). */
function rateLimitResetMs(error: unknown): number | undefined {
  const headers = (error as { response?: { headers?: Record<string, unknown> } } | null)?.response?.headers ?? {};
  const seconds = [headers['x-contentful-ratelimit-reset'], headers['retry-after']].map(Number).filter((value) => Number.isFinite(value) && value >= 0);
  return seconds.length > 0 ? Math.max(...seconds) * 1000 : undefined;
}

const sleep = (ms: number) => delay(ms, undefined, { ref: false });
