import { createLocaleSet } from './locales.ts';

import type { ExportAsset, ExportEntry, SpaceExport } from './space-export-schema.ts';

export type LinkRef = { linkType: 'Entry' | 'Asset'; id: string };
export type FieldDef = { id: string; type: string; localized: boolean };

type Link = ReturnType<typeof link>;

interface ScopeIds {
  space: Link;
  environment: Link;
  preview: boolean;
  publicTagIds: ReadonlySet<string>;
  assetBaseUrl: string | false;
}

/** The shape of a sync delta (ADR 061). */
export interface EntityChanges {
  entries?: readonly ExportEntry[];
  assets?: readonly ExportAsset[];
  deletedEntries?: readonly string[];
  deletedAssets?: readonly string[];
}

/** `before`/`after` are undefined where the entity is not served. */
export interface ScopeChange {
  kind: 'Entry' | 'Asset';
  id: string;
  before: IndexedEntity | undefined;
  after: IndexedEntity | undefined;
}

const CTFASSETS_URL = /^(?:https?:)?\/\/((?:images|assets|downloads|videos)\.ctfassets\.net)\//;
const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

/**
 * Lookups per API (delivery: published; preview: with drafts), kept current entity by entity (`apply`): a delta of ten entries re-indexes ten
 * entries, not the space. The preview scope is built on its first use: a replica of a real space never needs it.
 */
export function indexSpaceExport(
  data: SpaceExport,
  options: { assetBaseUrl: string | false; spaceId?: string | undefined; environmentId?: string | undefined },
) {
  const firstSys = data.entries[0]?.sys ?? data.assets[0]?.sys ?? data.contentTypes[0]?.sys;
  const spaceId = options.spaceId ?? firstSys?.space?.sys.id ?? 'embedded';
  const environmentId = options.environmentId ?? firstSys?.environment?.sys.id ?? 'master';
  const [space, environment] = [link('Space', spaceId), link('Environment', environmentId)];
  // Private tags never leave the CMA.
  const publicTags = data.tags.filter((tag) => tag.sys.visibility === 'public');
  const publicTagIds = new Set(publicTags.map((tag) => tag.sys.id));
  const assetBaseUrl = options.assetBaseUrl === false ? false : options.assetBaseUrl.replace(/\/+$/, '');
  const raw = { entries: new Map(data.entries.map((entry) => [entry.sys.id, entry])), assets: new Map(data.assets.map((asset) => [asset.sys.id, asset])) };
  // Not `data` itself: the lazy preview scope would keep the export's first entry and asset arrays (old versions) alive.
  const model = { contentTypes: data.contentTypes, locales: data.locales };
  const scope = (preview: boolean) => buildScope(model, raw, { space, environment, preview, publicTagIds, assetBaseUrl });
  const delivery = scope(false);
  let preview: ApiScope | undefined;
  return {
    spaceId,
    environmentId,
    delivery,
    get preview(): ApiScope {
      return (preview ??= scope(true));
    },
    tags: new Map(publicTags.map(({ name, sys }) => [sys.id, { sys: { ...sys, environment, space, version: sys.version ?? 1 }, name }])),
    // Stored in the export in their CDA shape.
    concepts: data.taxonomy.concepts,
    conceptsById: new Map(data.taxonomy.concepts.map((concept) => [concept.sys.id, concept])),
    raw,
    /** Returns what changed for the delivery API. */
    apply(changes: EntityChanges): ScopeChange[] {
      const seen: ScopeChange[] = [];
      const put = (kind: 'Entry' | 'Asset', id: string, item?: ExportEntry | ExportAsset) => {
        const store = (kind === 'Entry' ? raw.entries : raw.assets) as Map<string, ExportEntry | ExportAsset>;
        if (item) store.set(id, item);
        else store.delete(id);
        preview?.put(kind, id, item);
        const change = delivery.put(kind, id, item);
        if (change.before || change.after) seen.push(change);
      };
      for (const entry of changes.entries ?? []) put('Entry', entry.sys.id, entry);
      for (const asset of changes.assets ?? []) put('Asset', asset.sys.id, asset);
      for (const id of changes.deletedEntries ?? []) put('Entry', id);
      for (const id of changes.deletedAssets ?? []) put('Asset', id);
      return seen;
    },
  };
}

export type ExportIndex = ReturnType<typeof indexSpaceExport>;
export type ApiScope = ReturnType<typeof buildScope>;
export type IndexedEntity = ReturnType<typeof indexEntity>;

/** Never archived; published, or a draft on the preview API. */
export function isServed(sys: { publishedVersion?: number; publishedAt?: string; archivedVersion?: number; archivedAt?: string }, preview: boolean): boolean {
  if (sys.archivedVersion !== undefined || sys.archivedAt !== undefined) return false;
  return preview || sys.publishedVersion !== undefined || sys.publishedAt !== undefined;
}

type RawItems = { entries: ReadonlyMap<string, ExportEntry>; assets: ReadonlyMap<string, ExportAsset> };

function buildScope(data: Pick<SpaceExport, 'contentTypes' | 'locales'>, raw: RawItems, ids: ScopeIds) {
  const contentTypes = new Map<string, { id: string; fieldDefs: ReadonlyMap<string, FieldDef> }>();
  for (const { sys, fields } of data.contentTypes) {
    if (!isServed(sys, ids.preview)) continue;
    const served = fields.filter((field) => !field.omitted).map((field) => [field.id, { id: field.id, type: field.type, localized: field.localized }] as const);
    contentTypes.set(sys.id, { id: sys.id, fieldDefs: new Map(served) });
  }
  const entries = new Map<string, IndexedEntity>();
  const assets = new Map<string, IndexedEntity>();
  // Derived from `entries` (in its order) on first use after a change: `put` then costs two map writes.
  let lists: { entryList: IndexedEntity[]; entriesByType: Map<string, IndexedEntity[]>; linksToEntry: Map<string, IndexedEntity[]> } | undefined;
  const derive = () => {
    if (lists) return lists;
    const entryList = [...entries.values()];
    const links = entryList.flatMap((entity) => [...entity.entryTargets].map((id) => ({ id, entity })));
    const linksToEntry = new Map([...Map.groupBy(links, (link) => link.id)].map(([id, list]) => [id, list.map((link) => link.entity)]));
    return (lists = { entryList, entriesByType: Map.groupBy(entryList, (entity) => entity.contentTypeId ?? ''), linksToEntry });
  };
  const toIndexed = (item: ExportEntry | ExportAsset): IndexedEntity | undefined => {
    if (!isServed(item.sys, ids.preview)) return undefined;
    const fieldDefs = item.sys.type === 'Entry' ? contentTypes.get(item.sys.contentType.sys.id)?.fieldDefs : undefined;
    // An entry whose content type this API does not serve (not published yet) is not served either.
    if (item.sys.type === 'Entry' && !fieldDefs) return undefined;
    return indexEntity(item, fieldDefs, ids);
  };
  const put = (kind: 'Entry' | 'Asset', id: string, item: ExportEntry | ExportAsset | undefined): ScopeChange => {
    const map = kind === 'Entry' ? entries : assets;
    const before = map.get(id);
    const after = item && toIndexed(item);
    map.delete(id);
    if (after) map.set(id, after);
    if (kind === 'Entry') lists = undefined;
    return { kind, id, before, after };
  };
  for (const item of raw.entries.values()) put('Entry', item.sys.id, item);
  for (const item of raw.assets.values()) put('Asset', item.sys.id, item);
  return {
    locales: createLocaleSet(data.locales, ids.preview),
    entries,
    get entryList() {
      return derive().entryList;
    },
    get entriesByType() {
      return derive().entriesByType;
    },
    assets,
    /** Target id → the entries linking to it (any field, any locale). */
    get linksToEntry() {
      return derive().linksToEntry;
    },
    contentTypes,
    /** Without `item`, removes. */
    put,
  };
}

function indexEntity(item: ExportEntry | ExportAsset, entryFieldDefs: ReadonlyMap<string, FieldDef> | undefined, ids: ScopeIds) {
  const type = item.sys.type;
  const fields: Record<string, Record<string, unknown>> = {};
  for (const [fieldId, values] of Object.entries(item.fields as Record<string, Record<string, unknown> | undefined>)) {
    // Fields the content type no longer defines (or omits from delivery) are not served.
    if (!values || typeof values !== 'object' || (entryFieldDefs && !entryFieldDefs.has(fieldId))) continue;
    fields[fieldId] = type === 'Asset' && fieldId === 'file' && ids.assetBaseUrl !== false ? rewriteFileUrls(values, ids.assetBaseUrl) : values;
  }
  const contentTypeId = item.sys.type === 'Entry' ? item.sys.contentType.sys.id : undefined;
  return {
    type,
    id: item.sys.id,
    contentTypeId,
    sys: toEntitySys(item.sys, contentTypeId, ids),
    metadata: { tags: (item.metadata?.tags ?? []).filter((tag) => ids.publicTagIds.has(tag.sys.id)), concepts: item.metadata?.concepts ?? [] },
    fields,
    fieldDefs: entryFieldDefs ?? new Map<string, FieldDef>(),
    /** The entries it links to, in any field and locale. */
    entryTargets: new Set(type === 'Entry' ? collectLinks(fields).flatMap((ref) => (ref.linkType === 'Entry' ? [ref.id] : [])) : []),
  };
}

/** Anywhere in a value: reference fields, arrays, rich text `data.target`. */
export function collectLinks(value: unknown, refs: LinkRef[] = []): LinkRef[] {
  if (!value || typeof value !== 'object') return refs;
  const sys = (value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } }).sys;
  if (sys?.type === 'Link' && (sys.linkType === 'Entry' || sys.linkType === 'Asset') && typeof sys.id === 'string') {
    refs.push({ linkType: sys.linkType, id: sys.id });
  } else {
    for (const child of Object.values(value)) collectLinks(child, refs);
  }
  return refs;
}

function rewriteFileUrls(files: Record<string, unknown>, assetBaseUrl: string): Record<string, unknown> {
  const rewrite = (file: unknown, url = (file as { url?: unknown } | null)?.url) =>
    typeof url === 'string' ? { ...(file as object), url: url.replace(CTFASSETS_URL, `${assetBaseUrl}/$1/`) } : file;
  return Object.fromEntries(Object.entries(files).map(([locale, file]) => [locale, rewrite(file)]));
}

// The CDA serves the published snapshot (createdAt/updatedAt are the first and last publish, `revision` counts
// publishes); the CPA serves the editing timestamps and adds publish fields once published.
function toEntitySys(sys: ExportEntry['sys'] | ExportAsset['sys'], contentTypeId: string | undefined, ids: ScopeIds): Record<string, unknown> {
  const published = ids.preview ? {} : { createdAt: sys.firstPublishedAt ?? sys.createdAt, updatedAt: sys.publishedAt ?? sys.updatedAt };
  return {
    space: ids.space,
    id: sys.id,
    type: sys.type,
    createdAt: sys.createdAt,
    updatedAt: sys.updatedAt,
    ...published,
    environment: ids.environment,
    ...(ids.preview && sys.firstPublishedAt !== undefined ? { firstPublishedAt: sys.firstPublishedAt } : {}),
    ...(ids.preview && sys.publishedAt !== undefined ? { publishedAt: sys.publishedAt } : {}),
    ...(sys.publishedVersion === undefined ? {} : { publishedVersion: sys.publishedVersion }),
    revision: sys.publishedCounter ?? (ids.preview ? 0 : 1),
    ...(contentTypeId === undefined ? {} : { contentType: link('ContentType', contentTypeId) }),
  };
}
