import { isAxiosError } from 'axios';

import { markDeliveredAsPublished } from '#server/embedded/contentful/space-export-checks.ts';
import { assetSchema, entrySchema } from '#server/embedded/contentful/space-export-schema.ts';
import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';
import { errorStatus, orNone } from '#server/services/content/space-checks.ts';

import type { EntityChanges, ScopeChange } from '#server/embedded/contentful/export-index.ts';
import type { ExportAsset, ExportEntry, SpaceExport } from '#server/embedded/contentful/space-export-schema.ts';
import type { ContentfulClientApi } from 'contentful';
import type { Logger } from 'pino';
import type { ZodType } from 'zod';

type ContentfulClient = ContentfulClientApi<undefined>;

export type SyncClient = Pick<ContentfulClient, 'getContentTypes' | 'getLocales' | 'getTags' | 'getConcepts'> & {
  withoutLinkResolution: Pick<ContentfulClient['withoutLinkResolution'], 'sync'>;
};

export interface ReplicaChanges {
  entities: readonly ScopeChange[];
  /** Tag ids whose name or existence changed; `taxonomy`: any concept did. */
  tags: readonly string[];
  taxonomy: boolean;
  /** Content types or locales changed: the content-model check runs again. */
  model: boolean;
}

export type SpaceModel = Omit<SpaceExport, 'entries' | 'assets'>;
export const NO_CHANGES: ReplicaChanges = { entities: [], tags: [], taxonomy: false, model: false };

const MAX_RATE_LIMIT_WAIT_MS = 60_000;

class SyncError extends Error {
  override name = 'SyncError';
}

export function createSyncSource(client: SyncClient, log: Logger) {
  // Each page is checked as it arrives, so only the kept items (not the SDK's copies too) stay in memory until the last page.
  async function fetchPages(start: { initial: true; limit: number } | { nextSyncToken: string }): Promise<{ items: EntityChanges; nextSyncToken: string }> {
    const items = { entries: [] as ExportEntry[], assets: [] as ExportAsset[], deletedEntries: [] as string[], deletedAssets: [] as string[] };
    const refused: string[] = [];
    let query: Record<string, unknown> = start;
    for (;;) {
      const page = await client.withoutLinkResolution.sync(query as Parameters<SyncClient['withoutLinkResolution']['sync']>[0], { paginate: false });
      items.entries.push(...keep(page.entries, entrySchema, refused));
      items.assets.push(...keep(page.assets, assetSchema, refused));
      items.deletedEntries.push(...page.deletedEntries.map((item) => item.sys.id));
      items.deletedAssets.push(...page.deletedAssets.map((item) => item.sys.id));
      if (page.nextSyncToken) {
        if (refused.length > 0) log.warn({ items: refused.slice(0, 20), count: refused.length }, 'sync items left out; their last good version stays');
        return { items, nextSyncToken: page.nextSyncToken };
      }
      if (!page.nextPageToken) throw new SyncError('a sync page had neither nextPageUrl nor nextSyncUrl (not JSON, or cut off)');
      query = { nextPageToken: page.nextPageToken };
    }
  }

  /** The sync feed carries no content types, locales, tags or taxonomy: they come from the CDA. */
  async function fetchModel(): Promise<Omit<SpaceExport, 'entries' | 'assets'>> {
    const [contentTypes, locales, tags, concepts] = await Promise.all([
      client.getContentTypes({ limit: 1000 } as Parameters<SyncClient['getContentTypes']>[0]),
      client.getLocales(),
      client.getTags({ limit: 1000 }).catch(orNone),
      client.getConcepts({ limit: 1000 }).catch(orNone),
    ]);
    // The CDA serves only published content types.
    const published = contentTypes.items.map((type) => ({ ...type, sys: { ...type.sys, publishedAt: type.sys.updatedAt } }));
    return { contentTypes: published, locales: locales.items, tags: tags.items, taxonomy: { conceptSchemes: [], concepts: concepts.items } } as never;
  }

  return { fetchPages, fetchModel };
}

// Entries and assets were checked one by one as they arrived (`keep`), not again here: at 50k entries that second copy ran out of heap.
export function toSpace(model: SpaceModel, entries: readonly ExportEntry[], assets: readonly ExportAsset[]): SpaceExport {
  return { ...parseSpaceExport({ ...model, entries: [], assets: [] }, 'Contentful sync').space, entries: [...entries], assets: [...assets] };
}

function keep<T extends ExportEntry | ExportAsset>(list: unknown[], schema: ZodType<T>, refused: string[]): T[] {
  return list.flatMap((item) => {
    const parsed = schema.safeParse(item);
    const id = String((item as { sys?: { id?: unknown } } | null)?.sys?.id ?? '?');
    if (!parsed.success) return (refused.push(`${id}: not an entry or asset the Sync API sends`), []);
    if (parsed.data.sys.type === 'Asset' && !Object.values(parsed.data.fields['file'] ?? {}).some(Boolean))
      return (refused.push(`${id}: asset without a file`), []);
    markDeliveredAsPublished(parsed.data.sys);
    return [parsed.data];
  });
}

export function knownTypes(space: Pick<SpaceExport, 'contentTypes'>): Set<string> {
  return new Set(space.contentTypes.map((type) => type.sys.id));
}

export function reportUnknownTypes(entries: readonly ExportEntry[], types: Set<string>, log: Logger): void {
  const unknown = entries.filter((entry) => !types.has(entry.sys.contentType.sys.id));
  if (unknown.length > 0)
    log.warn(
      { entries: unknown.slice(0, 20).map((entry) => `${entry.sys.id} (${entry.sys.contentType.sys.id})`), count: unknown.length },
      'sync entries of an unknown content type are not served',
    );
}

/** `hasToken`: it was a delta (a 4xx there is a refused token). */
export function classify(error: unknown, hasToken: boolean): { kind: string; waitMs?: number } {
  if (error instanceof SyncError) return { kind: 'bad-page' };
  const status = errorStatus(error);
  if (status === 429) return { kind: 'rate-limited', waitMs: Math.min(MAX_RATE_LIMIT_WAIT_MS, rateLimitResetMs(error) ?? 1000) };
  const body = JSON.stringify((error as { response?: { data?: unknown } }).response?.data ?? (error as Error).message ?? '');
  if (status === 400 && /response size too big/i.test(body)) return { kind: 'too-big' };
  if (status !== undefined && status >= 400 && status < 500 && hasToken) return { kind: 'token-rejected' };
  return { kind: status === undefined ? 'no-answer' : 'upstream-failed' };
}

// An HTTP error is logged by its status only: the SDK's and axios's errors carry the request.
export const errorDetail = (error: unknown) => (isAxiosError(error) || errorStatus(error) !== undefined ? {} : { err: error });

export function merge(x: ReplicaChanges, y: ReplicaChanges): ReplicaChanges {
  return {
    entities: [...x.entities, ...y.entities],
    tags: [...new Set([...x.tags, ...y.tags])],
    taxonomy: x.taxonomy || y.taxonomy,
    model: x.model || y.model,
  };
}

export function modelChanges(before: SpaceModel, after: SpaceModel, entities: ScopeChange[]): ReplicaChanges {
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

/** Credential-free: the HTTP status, or the error's own message. */
export function describeError(error: unknown): string {
  const status = errorStatus(error);
  if (status !== undefined) return `${status} ${(error as { response?: { statusText?: string } }).response?.statusText ?? (error as Error).name}`.trim();
  return error instanceof Error ? error.message : String(error);
}

function rateLimitResetMs(error: unknown): number | undefined {
  const headers = (error as { response?: { headers?: Record<string, unknown> } } | null)?.response?.headers ?? {};
  const seconds = [headers['x-contentful-ratelimit-reset'], headers['retry-after']].map(Number).filter((value) => Number.isFinite(value) && value >= 0);
  return seconds.length > 0 ? Math.max(...seconds) * 1000 : undefined;
}
