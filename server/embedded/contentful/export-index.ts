import { createLocaleSet } from './locales.ts';
import { createTaxonomyIndex } from './taxonomy-index.ts';
import { indexAsset, indexEntry } from './index-entities.ts';
import { toContentTypeResource, toLocaleResource, toTagResource } from './resources.ts';

import type { LocaleSet } from './locales.ts';
import type { TaxonomyIndex } from './taxonomy-index.ts';
import type { ExportContentTypeField, ExportLink, SpaceExport } from './space-export.ts';

/** A link found in a field value (reference field or rich text). */
export interface LinkRef {
  linkType: 'Entry' | 'Asset';
  id: string;
}

/** An entry or asset as one API serves it, with everything per-request work needs precomputed. */
export interface IndexedEntity {
  type: 'Entry' | 'Asset';
  id: string;
  contentTypeId: string | undefined;
  /** CDA `sys` without `locale`. */
  sys: Record<string, unknown>;
  metadata: { tags: ExportLink[]; concepts: ExportLink[] };
  /** Raw locale maps, omitted fields removed, asset URLs rewritten. */
  fields: Record<string, Record<string, unknown>>;
  /** Field definitions of the content type (entries) or of the asset shape. */
  fieldDefs: ReadonlyMap<string, FieldDef>;
  /** field id -> locale -> links in that value. */
  links: ReadonlyMap<string, ReadonlyMap<string, readonly LinkRef[]>>;
}

export interface FieldDef {
  id: string;
  type: string;
  localized: boolean;
  itemsType?: string;
}

export interface IndexedContentType {
  id: string;
  resource: Record<string, unknown>;
  fieldDefs: ReadonlyMap<string, FieldDef>;
}

/** Everything one API (delivery = published, preview = published + drafts) can see. */
export interface ApiScope {
  preview: boolean;
  locales: LocaleSet;
  entries: ReadonlyMap<string, IndexedEntity>;
  entryList: readonly IndexedEntity[];
  entriesByType: ReadonlyMap<string, readonly IndexedEntity[]>;
  assets: ReadonlyMap<string, IndexedEntity>;
  assetList: readonly IndexedEntity[];
  /** target id -> entries linking to it (any field, any locale). */
  linksToEntry: ReadonlyMap<string, readonly IndexedEntity[]>;
  linksToAsset: ReadonlyMap<string, readonly IndexedEntity[]>;
  contentTypes: ReadonlyMap<string, IndexedContentType>;
  localeResources: readonly Record<string, unknown>[];
}

export interface ExportIndex {
  spaceId: string;
  spaceName: string;
  environmentId: string;
  delivery: ApiScope;
  preview: ApiScope;
  /** Public tags only: private tags never leave the CMA. */
  tags: ReadonlyMap<string, Record<string, unknown>>;
  taxonomy: TaxonomyIndex;
}

export interface IndexOptions {
  assetBaseUrl: string;
  spaceId?: string;
  spaceName?: string;
  environmentId?: string;
}

/** Builds every lookup the engine needs, once per export. */
export function indexSpaceExport(data: SpaceExport, options: IndexOptions): ExportIndex {
  const firstSys = data.entries[0]?.sys ?? data.assets[0]?.sys ?? data.contentTypes[0]?.sys;
  const spaceId = options.spaceId ?? firstSys?.space?.sys.id ?? 'embedded';
  const environmentId = options.environmentId ?? firstSys?.environment?.sys.id ?? 'master';
  const ids = { spaceId, environmentId };
  const publicTags = data.tags.filter((tag) => tag.sys.visibility === 'public');
  const tags = new Map(publicTags.map((tag) => [tag.sys.id, toTagResource(tag, ids)]));
  const build = (preview: boolean) =>
    buildScope(data, { ...ids, preview, publicTagIds: new Set(tags.keys()), assetBaseUrl: options.assetBaseUrl.replace(/\/+$/, '') });
  return {
    spaceId,
    spaceName: options.spaceName ?? spaceId,
    environmentId,
    delivery: build(false),
    preview: build(true),
    tags,
    taxonomy: createTaxonomyIndex(data.taxonomy),
  };
}

export interface ScopeContext {
  spaceId: string;
  environmentId: string;
  preview: boolean;
  publicTagIds: ReadonlySet<string>;
  assetBaseUrl: string;
}

function isServed(sys: { publishedVersion?: number; publishedAt?: string; archivedVersion?: number; archivedAt?: string }, preview: boolean): boolean {
  if (sys.archivedVersion !== undefined || sys.archivedAt !== undefined) return false;
  return preview || sys.publishedVersion !== undefined || sys.publishedAt !== undefined;
}

function buildScope(data: SpaceExport, context: ScopeContext): ApiScope {
  const contentTypes = new Map<string, IndexedContentType>();
  for (const contentType of data.contentTypes) {
    if (!isServed(contentType.sys, context.preview)) continue;
    const fieldDefs = new Map(contentType.fields.filter((field) => !field.omitted).map((field) => [field.id, toFieldDef(field)]));
    contentTypes.set(contentType.sys.id, { id: contentType.sys.id, resource: toContentTypeResource(contentType, context), fieldDefs });
  }
  const entryList = data.entries.filter((entry) => isServed(entry.sys, context.preview)).map((entry) => indexEntry(entry, contentTypes, context));
  const assetList = data.assets.filter((asset) => isServed(asset.sys, context.preview)).map((asset) => indexAsset(asset, context));
  const entriesByType = new Map<string, IndexedEntity[]>();
  const linksToEntry = new Map<string, IndexedEntity[]>();
  const linksToAsset = new Map<string, IndexedEntity[]>();
  for (const entry of entryList) {
    pushTo(entriesByType, entry.contentTypeId ?? '', entry);
    const targets = new Map<string, LinkRef>();
    for (const byLocale of entry.links.values()) {
      for (const refs of byLocale.values()) for (const ref of refs) targets.set(`${ref.linkType}:${ref.id}`, ref);
    }
    for (const ref of targets.values()) pushTo(ref.linkType === 'Entry' ? linksToEntry : linksToAsset, ref.id, entry);
  }
  const locales = createLocaleSet(data.locales, context.preview);
  return {
    preview: context.preview,
    locales,
    entries: new Map(entryList.map((entry) => [entry.id, entry])),
    entryList,
    entriesByType,
    assets: new Map(assetList.map((asset) => [asset.id, asset])),
    assetList,
    linksToEntry,
    linksToAsset,
    contentTypes,
    localeResources: locales.locales.map(toLocaleResource),
  };
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function toFieldDef(field: ExportContentTypeField): FieldDef {
  return { id: field.id, type: field.type, localized: field.localized, ...(field.items ? { itemsType: field.items.type } : {}) };
}
