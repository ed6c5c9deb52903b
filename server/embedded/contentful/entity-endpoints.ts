import { invalidPath, invalidQuery, notFound } from './cda-errors.ts';
import { MIME_GROUP_NAMES, assetRules, entryRules, mimeGroupOf } from './entity-rules.ts';
import { createEntityReader, matchesWords, textOf, tokenize } from './field-values.ts';
import { allOf, buildFilter } from './filters.ts';
import { collectIncludes } from './includes.ts';
import { DEFAULT_ORDER, parseOrder, sortItems } from './ordering.ts';
import { PAGING_PARAMS, cursorPages, parseIntParam, parseLocale, parsePaging } from './query-params.ts';
import { renderEntity } from './render.ts';
import { applySelect, parseSelect } from './selection.ts';

import type { PathRules } from './entity-rules.ts';
import type { ApiScope, ExportIndex, IndexedEntity } from './export-index.ts';
import type { Predicate } from './filters.ts';
import type { QueryParams } from './query-params.ts';

/** What an endpoint needs to answer: the index, the API scope (CDA or CPA) and the collection URL prefix. */
export interface EndpointContext {
  index: ExportIndex;
  scope: ApiScope;
  where: { space: string; environment: string };
  basePath: string;
}

const COMMON_PARAMS = new Set([...PAGING_PARAMS, 'locale', 'select', 'query', 'includeContentSourceMaps']);
const ENTRY_PARAMS = new Set([...COMMON_PARAMS, 'content_type', 'include', 'links_to_entry', 'links_to_asset']);
// Assets link nothing, so `include` is accepted and has no effect on them.
const ASSET_PARAMS = new Set([...COMMON_PARAMS, 'mimetype_group', 'include']);

/** `GET /entries` and `GET /assets`: filter, order, page, select, then resolve includes. */
export function queryEntities(kind: 'Entry' | 'Asset', params: QueryParams, context: EndpointContext): Record<string, unknown> {
  const { scope } = context;
  const locale = parseLocale(params, scope.locales);
  const include = kind === 'Entry' ? parseIntParam(params, 'include', { min: 0, max: 10, fallback: 1 }) : 0;
  const paging = parsePaging(params);
  const contentTypeId = kind === 'Entry' ? params['content_type'] : undefined;
  const contentType = contentTypeId === undefined ? undefined : scope.contentTypes.get(contentTypeId);
  if (contentTypeId !== undefined && !contentType) throw invalidQuery({ name: 'unknownContentType', value: contentTypeId });
  const rules = kind === 'Entry' ? entryRules(contentType) : assetRules;
  const read = createEntityReader(locale.view);
  const order = parseOrder(params['order'], rules.order, DEFAULT_ORDER);
  const selection = parseSelect(params['select'], rules.select);

  const predicates = buildPredicates(kind, params, rules, context, read);
  const candidates = pickCandidates(kind, params, context, contentTypeId);
  const matched = sortItems(candidates.filter(allOf(predicates)), order, read, (item) => item.id);
  const page = matched.slice(paging.skip, paging.skip + paging.limit);
  const items = page.map((entity) => {
    const rendered = renderEntity(entity, locale, scope.locales);
    return selection ? applySelect(rendered, selection) : rendered;
  });
  const included = collectIncludes(page, include, scope, locale);
  const head = paging.cursor
    ? { sys: { type: 'Array' }, limit: paging.limit, items }
    : { sys: { type: 'Array' }, total: matched.length, skip: paging.skip, limit: paging.limit, items };
  const path = `${context.basePath}/${kind === 'Entry' ? 'entries' : 'assets'}`;
  return {
    ...head,
    ...included,
    ...(paging.cursor ? { pages: cursorPages(path, paging.skip, paging.limit, matched.length) } : {}),
  };
}

/** `GET /entries/:id` and `GET /assets/:id`: one entity, no includes, `locale` honoured. */
export function getEntity(kind: 'Entry' | 'Asset', id: string, params: QueryParams, context: EndpointContext): Record<string, unknown> {
  const { scope } = context;
  const locale = parseLocale(params, scope.locales);
  const entity = (kind === 'Entry' ? scope.entries : scope.assets).get(id);
  if (!entity) throw notFound(kind, id, context.where);
  return renderEntity(entity, locale, scope.locales);
}

function pickCandidates(kind: 'Entry' | 'Asset', params: QueryParams, context: EndpointContext, contentTypeId: string | undefined): readonly IndexedEntity[] {
  const { scope } = context;
  const byId = kind === 'Entry' ? scope.entries : scope.assets;
  const id = params['sys.id'];
  // getEntry() in the SDK is `entries?sys.id=…`: answer it from the id index.
  if (id !== undefined) {
    const entity = byId.get(id);
    return entity ? [entity] : [];
  }
  if (kind === 'Asset') return scope.assetList;
  if (contentTypeId !== undefined) return scope.entriesByType.get(contentTypeId) ?? [];
  const linkedTo = params['links_to_entry'] ?? params['links_to_asset'];
  if (linkedTo !== undefined) {
    return (params['links_to_entry'] !== undefined ? scope.linksToEntry : scope.linksToAsset).get(linkedTo) ?? [];
  }
  return scope.entryList;
}

function buildPredicates(
  kind: 'Entry' | 'Asset',
  params: QueryParams,
  rules: PathRules,
  context: EndpointContext,
  read: ReturnType<typeof createEntityReader>,
): Predicate<IndexedEntity>[] {
  const allowed = kind === 'Entry' ? ENTRY_PARAMS : ASSET_PARAMS;
  const { taxonomy } = context.index;
  const withDescendants = (ids: readonly string[]) => new Set(ids.flatMap((id) => [id, ...taxonomy.descendants(id)]));
  const predicates: Predicate<IndexedEntity>[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || allowed.has(key)) continue;
    predicates.push(buildFilter(key, value, { read, checkPath: rules.filter, withDescendants }));
  }
  const contentTypeId = kind === 'Entry' ? params['content_type'] : undefined;
  // Candidates may come from the id or link indexes, which ignore the content type.
  if (contentTypeId !== undefined) predicates.push((entity) => entity.contentTypeId === contentTypeId);
  if (kind === 'Entry') predicates.push(...linkPredicates(params, context));
  const query = params['query'];
  if (query !== undefined) {
    const words = tokenize(query);
    predicates.push((entity) => matchesWords(fullText(entity, read), words));
  }
  const group = params['mimetype_group'];
  if (kind === 'Asset' && group !== undefined) {
    if (!MIME_GROUP_NAMES.has(group)) throw invalidPath('mimetype_group', `Unknown mimetype group "${group}"`, 'in');
    predicates.push((asset) => read(asset, ['fields', 'file', 'contentType']).some((type) => mimeGroupOf(String(type)) === group));
  }
  return predicates;
}

function linkPredicates(params: QueryParams, context: EndpointContext): Predicate<IndexedEntity>[] {
  const predicates: Predicate<IndexedEntity>[] = [];
  for (const [param, map] of [
    ['links_to_entry', context.scope.linksToEntry],
    ['links_to_asset', context.scope.linksToAsset],
  ] as const) {
    const id = params[param];
    if (id === undefined) continue;
    const sources = new Set(map.get(id) ?? []);
    predicates.push((entity) => sources.has(entity));
  }
  return predicates;
}

function fullText(entity: IndexedEntity, read: ReturnType<typeof createEntityReader>): string {
  const paths =
    entity.type === 'Asset'
      ? [
          ['fields', 'title'],
          ['fields', 'description'],
          ['fields', 'file', 'fileName'],
        ]
      : Object.keys(entity.fields).map((fieldId) => ['fields', fieldId]);
  return paths.map((path) => textOf(read(entity, path))).join(' ');
}
