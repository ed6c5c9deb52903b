import { withUpstreamDeadline } from '#server/services/content/contentful-client.ts';
import { untracked } from '#server/services/content/dependencies.ts';
import { ContentUnavailableError } from '#server/services/content/errors.ts';
import { toArticle, toArticleSummary, toEntryRef, toModel, toModelSummary, toPage, toSiteSettings } from '#server/services/content/mapper.ts';
import {
  ALL_TAGS_DEPENDENCY,
  categoryTree,
  createTaxonomy,
  recordMetadataReads,
  tagDependency,
  TAXONOMY_DEPENDENCY,
} from '#server/services/content/taxonomy.ts';
import { orNone } from '#server/services/content/space-checks.ts';
import { DEFAULT_LOCALE } from '#shared/content/types.ts';

import type { ContentCache, Loaded } from '#server/services/content/content-cache.ts';
import type { ContentfulClient } from '#server/services/content/contentful-client.ts';
import type { SdkEntry } from '#server/services/content/mapper.ts';
import type { MapContext } from '#server/services/content/taxonomy.ts';
import type { ContentApi, QueryOptions } from '#shared/data/content-api.ts';
import type { Locale, RichText } from '#shared/content/types.ts';
import type { Logger } from 'pino';

type ContentClient = Pick<ContentfulClient, 'getEntries' | 'getTags' | 'getConcepts'>;
type EntriesQuery = Parameters<ContentClient['getEntries']>[0];

export interface ContentService extends ContentApi {
  /** Entry/asset ids or markers (`type:<contentType>`, `tag:<id>`, `tags`, `taxonomy`). */
  invalidate(ids: Iterable<string>): string[];
}

interface Deps {
  delivery: ContentClient;
  preview?: ContentClient | undefined;
  cache: ContentCache;
  logger: Logger;
}

/** Cached per query + locale; preview goes to the Preview API client, uncached. */
export function createContentService({ delivery, preview, cache, logger }: Deps): ContentService {
  const log = logger.child({ module: 'contentful' });

  async function run<T>(key: string, o: QueryOptions, load: (client: ContentClient, ctx: MapContext) => Promise<Loaded<T>>): Promise<T> {
    // A fresh hit waits for nothing: no deadline timer or abort listeners to arm.
    const hit = o.preview ? undefined : cache.fresh<T>(`${key}|${o.locale}`);
    if (hit) return hit.value;
    const client = o.preview && preview ? preview : delivery;
    const build = async (): Promise<Loaded<T>> => {
      const read = new Set<string>();
      const loaded = await load(client, recordMetadataReads(await mapContext(client, o.locale, o.preview), read));
      return { value: loaded.value, deps: [...loaded.deps, ...read] };
    };
    // A coalesced load runs under the deadline of the request that started it; each caller still stops at its own.
    const deadline = o.deadline;
    const attempt = deadline ? () => withUpstreamDeadline(deadline.expiresAt, build) : build;
    const work = o.preview ? attempt().then((r) => r.value) : cache.get(`${key}|${o.locale}`, attempt);
    try {
      return await abortable(work, [o.signal, deadline?.signal]);
    } catch (error) {
      if (o.signal?.aborted) throw error;
      log.error({ err: error, key, locale: o.locale }, 'content query failed');
      throw new ContentUnavailableError(error);
    }
  }

  async function mapContext(client: ContentClient, locale: Locale, isPreview: boolean): Promise<MapContext> {
    const loadMeta = async (): Promise<Loaded<{ tags: [string, string][]; concepts: Awaited<ReturnType<ContentClient['getConcepts']>>['items'] }>> => {
      const [tags, concepts] = await Promise.all([client.getTags({ limit: 1000 }).catch(orNone), client.getConcepts({ limit: 1000 }).catch(orNone)]);
      return { value: { tags: tags.items.map((t) => [t.sys.id, t.name]), concepts: concepts.items }, deps: [ALL_TAGS_DEPENDENCY, TAXONOMY_DEPENDENCY] };
    };
    // Results record which tags and concepts they read (recordMetadataReads), not the whole lists behind them.
    const meta = isPreview ? (await loadMeta()).value : await untracked(() => cache.get('meta', loadMeta));
    const names = new Map(meta.tags);
    return {
      locale,
      tagName: (id) => names.get(id),
      allTags: () => [...names].map(([id, name]) => ({ id, name })),
      taxonomy: createTaxonomy(meta.concepts, DEFAULT_LOCALE),
    };
  }

  const entries = (client: ContentClient, query: Record<string, unknown>) => client.getEntries(query as EntriesQuery);

  function bySlug<T extends { unresolvedUrns: string[]; body?: RichText; description?: RichText }>(
    type: string,
    slug: string,
    o: QueryOptions,
    map: (entry: SdkEntry, ctx: MapContext) => T | undefined,
  ) {
    return run(`${type}:${slug}`, o, async (client, ctx) => {
      const res = await entries(client, { content_type: type, 'fields.slug': slug, limit: 1, include: 3, locale: o.locale });
      const deps = [`type:${type}`, ...collectIds(res)];
      const item = res.items[0] && map(res.items[0], ctx);
      if (!item) return { value: null, deps };
      // Same-space resource links (URNs), which the CDA does not include.
      const { unresolvedUrns, ...rest } = item;
      const ids = unresolvedUrns.flatMap((urn) => /\/entries\/([A-Za-z0-9._-]+)$/.exec(urn)?.[1] ?? []);
      const links = (rest.body ?? rest.description)?.links.entries;
      if (ids.length === 0 || !links) return { value: rest, deps };
      const linked = await entries(client, { 'sys.id[in]': ids.join(','), locale: o.locale, include: 1, limit: ids.length });
      for (const entry of linked.items) {
        const ref = toEntryRef(entry, o.locale);
        if (ref) {
          links[ref.id] = ref;
          for (const urn of unresolvedUrns) if (urn.endsWith(`/entries/${ref.id}`)) links[urn] = ref;
        }
        deps.push(entry.sys.id);
      }
      return { value: rest, deps };
    });
  }

  return {
    getSiteSettings: (o) =>
      run('site', o, async (client) => {
        const res = await entries(client, { content_type: 'siteSettings', limit: 1, include: 2, locale: o.locale });
        return { value: toSiteSettings(res.items[0], o.locale), deps: ['type:siteSettings', ...collectIds(res)] };
      }),

    getPage: (slug, o) => bySlug('page', slug, o, toPage),

    listPages: (o) =>
      run('pages', o, async (client) => {
        const res = await entries(client, { content_type: 'page', select: 'sys.id,sys.updatedAt,fields.slug,fields.title', limit: 1000, locale: o.locale });
        const value = res.items.map((e) => ({
          id: e.sys.id,
          slug: String(e.fields.slug ?? ''),
          title: String(e.fields.title ?? ''),
          updatedAt: e.sys.updatedAt ?? '',
        }));
        return { value, deps: ['type:page'] };
      }),

    listArticles: ({ skip = 0, limit = 10, tag }, o) =>
      run(`articles:${skip}:${limit}:${tag ?? ''}`, o, async (client, ctx) => {
        const query: Record<string, unknown> = { content_type: 'article', order: '-fields.publishDate,sys.id', skip, limit, include: 2, locale: o.locale };
        if (tag) query['metadata.tags.sys.id[in]'] = tag;
        const res = await entries(client, query);
        const deps = ['type:article', ...(tag ? [tagDependency(tag)] : []), ...collectIds(res)];
        return { value: { items: res.items.map((e) => toArticleSummary(e, ctx)), total: res.total, skip: res.skip, limit: res.limit }, deps };
      }),

    getArticle: (slug, o) => bySlug('article', slug, o, toArticle),

    listModels: ({ category, featured, tag }, o) =>
      run(`models:${category ?? ''}:${featured ?? ''}:${tag ?? ''}`, o, async (client, ctx) => {
        const query: Record<string, unknown> = { content_type: 'model', order: 'fields.name,sys.id', limit: 1000, include: 1, locale: o.locale };
        if (featured !== undefined) query['fields.featured'] = featured;
        if (tag) query['metadata.tags.sys.id[in]'] = tag;
        if (category) {
          if (!ctx.taxonomy.has(category)) return { value: [], deps: ['type:model'] };
          query['metadata.concepts.sys.id[in]'] = ctx.taxonomy.descendants(category).join(',');
        }
        const res = await entries(client, query);
        return { value: res.items.map((e) => toModelSummary(e, ctx)), deps: ['type:model', ...(tag ? [tagDependency(tag)] : []), ...collectIds(res)] };
      }),

    getModel: (slug, o) => bySlug('model', slug, o, toModel),

    listCategories: (o) =>
      run('categories', o, async (client, ctx) => {
        const res = await entries(client, { content_type: 'model', select: 'sys.id,metadata', limit: 1000, locale: o.locale });
        const counts = new Map<string, number>();
        for (const e of res.items) for (const c of e.metadata?.concepts ?? []) counts.set(c.sys.id, (counts.get(c.sys.id) ?? 0) + 1);
        return { value: categoryTree(ctx.taxonomy, counts, o.locale), deps: ['type:model'] };
      }),

    getTag: (id, o) =>
      run(`tag:${id}`, o, async (_client, ctx) => {
        const name = ctx.tagName(id);
        return { value: name ? { id, name } : null, deps: [] };
      }),

    listTags: (o) => run('tags', o, async (_client, ctx) => ({ value: ctx.allTags(), deps: [] })),

    getLinkingEntries: (entryId, o) =>
      run(`links:${entryId}`, o, async (client) => {
        const res = await entries(client, { links_to_entry: entryId, limit: 100, include: 1, locale: o.locale });
        const value = res.items.flatMap((e) => toEntryRef(e, o.locale) ?? []);
        return { value, deps: [entryId, ...res.items.map((e) => e.sys.id), 'type:article', 'type:page', 'type:model'] };
      }),

    invalidate: (ids) => cache.invalidate(ids),
  };
}

function collectIds(response: unknown): string[] {
  const ids = new Set<string>();
  const seen = new Set<object>();
  const stack: unknown[] = [response];
  while (stack.length > 0) {
    const value = stack.pop();
    if (!value || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    const sys = (value as { sys?: { id?: unknown; type?: unknown } }).sys;
    if (sys && (sys.type === 'Entry' || sys.type === 'Asset') && typeof sys.id === 'string') ids.add(sys.id);
    for (const child of Array.isArray(value) ? value : Object.values(value)) if (child && typeof child === 'object') stack.push(child);
  }
  return [...ids];
}

function abortable<T>(promise: Promise<T>, candidates: Array<AbortSignal | undefined>): Promise<T> {
  const signals = candidates.filter((s) => s !== undefined);
  if (signals.length === 0) return promise;
  // Nobody may wait for it any more; a later failure must not surface as an unhandled rejection.
  promise.catch(() => undefined);
  const aborted = signals.find((s) => s.aborted);
  if (aborted) return Promise.reject(aborted.reason);
  // Listeners, not AbortSignal.any: a composite signal per content read cost ~10% of a /_data request's CPU.
  return new Promise<T>((resolve, reject) => {
    const onAbort = (event: Event) => reject((event.target as AbortSignal).reason);
    for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signals.forEach((signal) => signal.removeEventListener('abort', onAbort)));
  });
}
