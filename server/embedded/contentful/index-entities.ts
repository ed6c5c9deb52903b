import { toEntitySys } from './resources.ts';

import type { ExportAsset, ExportEntry } from './space-export.ts';
import type { FieldDef, IndexedContentType, IndexedEntity, LinkRef, ScopeContext } from './export-index.ts';

/** Entries and assets turned into what per-request work needs (export-index.ts). */

const ASSET_FIELD_DEFS: ReadonlyMap<string, FieldDef> = new Map(
  ['title', 'description', 'file'].map((id) => [id, { id, type: id === 'file' ? 'Object' : 'Symbol', localized: true }]),
);

const CTFASSETS_URL = /^(?:https?:)?\/\/((?:images|assets|downloads|videos)\.ctfassets\.net)\//;

export function indexEntry(entry: ExportEntry, contentTypes: ReadonlyMap<string, IndexedContentType>, context: ScopeContext): IndexedEntity {
  const contentTypeId = entry.sys.contentType.sys.id;
  const contentType = contentTypes.get(contentTypeId);
  const fields: Record<string, Record<string, unknown>> = {};
  for (const [fieldId, values] of Object.entries(entry.fields)) {
    // Fields the content type no longer defines (or omits from delivery) are not served.
    if (contentType && !contentType.fieldDefs.has(fieldId)) continue;
    fields[fieldId] = values;
  }
  return {
    type: 'Entry',
    id: entry.sys.id,
    contentTypeId,
    sys: toEntitySys(entry.sys, 'Entry', context),
    metadata: toMetadata(entry.metadata, context.publicTagIds),
    fields,
    fieldDefs: contentType?.fieldDefs ?? new Map(),
    links: collectFieldLinks(fields),
  };
}

export function indexAsset(asset: ExportAsset, context: ScopeContext): IndexedEntity {
  const fields: Record<string, Record<string, unknown>> = {};
  for (const [fieldId, values] of Object.entries(asset.fields)) {
    if (!values || typeof values !== 'object') continue;
    fields[fieldId] = fieldId === 'file' ? rewriteFileUrls(values as Record<string, unknown>, context.assetBaseUrl) : (values as Record<string, unknown>);
  }
  return {
    type: 'Asset',
    id: asset.sys.id,
    contentTypeId: undefined,
    sys: toEntitySys(asset.sys, 'Asset', context),
    metadata: toMetadata(asset.metadata, context.publicTagIds),
    fields,
    fieldDefs: ASSET_FIELD_DEFS,
    links: new Map(),
  };
}

function toMetadata(metadata: ExportEntry['metadata'], publicTagIds: ReadonlySet<string>): IndexedEntity['metadata'] {
  return {
    tags: (metadata?.tags ?? []).filter((tag) => publicTagIds.has(tag.sys.id)),
    concepts: metadata?.concepts ?? [],
  };
}

function rewriteFileUrls(files: Record<string, unknown>, assetBaseUrl: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [locale, file] of Object.entries(files)) {
    const url = (file as { url?: unknown } | null)?.url;
    result[locale] = typeof url === 'string' ? { ...(file as object), url: url.replace(CTFASSETS_URL, `${assetBaseUrl}/$1/`) } : file;
  }
  return result;
}

function collectFieldLinks(fields: Record<string, Record<string, unknown>>): Map<string, Map<string, LinkRef[]>> {
  const result = new Map<string, Map<string, LinkRef[]>>();
  for (const [fieldId, values] of Object.entries(fields)) {
    const byLocale = new Map<string, LinkRef[]>();
    for (const [locale, value] of Object.entries(values)) {
      const refs: LinkRef[] = [];
      collectLinks(value, refs);
      if (refs.length > 0) byLocale.set(locale, refs);
    }
    if (byLocale.size > 0) result.set(fieldId, byLocale);
  }
  return result;
}

/** Finds Entry/Asset links anywhere in a value: reference fields, arrays, rich text `data.target`. */
function collectLinks(value: unknown, refs: LinkRef[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectLinks(item, refs);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const sys = (value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } }).sys;
  if (sys?.type === 'Link' && (sys.linkType === 'Entry' || sys.linkType === 'Asset') && typeof sys.id === 'string') {
    refs.push({ linkType: sys.linkType, id: sys.id });
    return;
  }
  for (const child of Object.values(value)) collectLinks(child, refs);
}
