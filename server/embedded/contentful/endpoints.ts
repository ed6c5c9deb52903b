import { invalidPath, invalidQuery, notFound, unsupported } from './cda-errors.ts';
import { collectLinks } from './export-index.ts';
import { pickLocalized } from './locales.ts';
import { applySelect, buildFilter, entryRules, parseIntParam, parseLocale, parseOrder, parsePaging, parseSelect, sortItems } from './query.ts';
import { createEntityReader } from './values.ts';

import type { ApiScope, ExportIndex, IndexedEntity, LinkRef } from './export-index.ts';
import type { Predicate, QueryParams } from './query.ts';

export interface EndpointContext {
  index: ExportIndex;
  scope: ApiScope;
  where: { space: string; environment: string };
}

type Kind = 'Entry' | 'Asset';
type Locale = ReturnType<typeof parseLocale>;

const ENTRY_PARAMS = new Set(['skip', 'limit', 'order', 'locale', 'select', 'include', 'includeContentSourceMaps', 'content_type', 'links_to_entry']);
const UNSUPPORTED_PARAMS = ['query', 'cursor', 'pageNext', 'pagePrev', 'links_to_asset', 'metadata.concepts.descendants[in]'];
const DEFAULT_ORDER = [{ path: ['sys', 'updatedAt'], descending: true }];

export function queryEntries(params: QueryParams, { scope }: EndpointContext): Record<string, unknown> {
  for (const key of UNSUPPORTED_PARAMS) if (params[key] !== undefined) throw unsupported(`The parameter "${key}"`);
  const locale = parseLocale(params, scope.locales);
  const contentTypeId = params['content_type'];
  const contentType = contentTypeId === undefined ? undefined : scope.contentTypes.get(contentTypeId);
  if (contentTypeId !== undefined && !contentType) throw invalidQuery({ name: 'unknownContentType', value: contentTypeId });
  const rules = entryRules(contentType);
  const include = parseIntParam(params, 'include', { min: 0, max: 10, fallback: 1 });
  const { skip, limit } = parsePaging(params);
  const read = createEntityReader(locale.view);
  const order = parseOrder(params['order'], rules.order, DEFAULT_ORDER);
  const selection = parseSelect(params['select'], rules.select);

  const predicates: Predicate<IndexedEntity>[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && !ENTRY_PARAMS.has(key)) predicates.push(buildFilter(key, value, read, rules.filter));
  }
  const linkedTo = params['links_to_entry'];
  const linking = linkedTo === undefined ? undefined : (scope.linksToEntry.get(linkedTo) ?? []);
  if (contentType && linking) {
    const sources = new Set(linking);
    predicates.push((entity) => sources.has(entity));
  }
  const candidates = contentType ? (scope.entriesByType.get(contentType.id) ?? []) : (linking ?? scope.entryList);
  const filtered = candidates.filter((entity) => predicates.every((test) => test(entity)));
  const matched = sortItems(filtered, order, read);
  const page = matched.slice(skip, skip + limit);
  const items = page.map((entity) => (selection ? applySelect(render(entity, locale).body, selection) : render(entity, locale).body));
  return { sys: { type: 'Array' }, total: matched.length, skip, limit, items, ...collectIncludes(page, include, scope, locale) };
}

/** No includes. */
export function getEntity(kind: Kind, id: string, params: QueryParams, context: EndpointContext): Readonly<Record<string, unknown>> {
  const locale = parseLocale(params, context.scope.locales);
  const entity = (kind === 'Entry' ? context.scope.entries : context.scope.assets).get(id);
  if (!entity) throw notFound(kind, id, context.where);
  return render(entity, locale).body;
}

// An indexed entity never changes (apply replaces it), so its rendering per locale is shared, frozen, across requests.
const rendered = new WeakMap<IndexedEntity, Map<string, { body: Readonly<Record<string, unknown>>; links: readonly LinkRef[] }>>();

function render(entity: IndexedEntity, { code, view }: Locale) {
  let byLocale = rendered.get(entity);
  if (!byLocale) rendered.set(entity, (byLocale = new Map()));
  const cached = byLocale.get(code);
  if (cached) return cached;
  const fields: Record<string, unknown> = {};
  const links: LinkRef[] = [];
  for (const [fieldId, values] of Object.entries(entity.fields)) {
    const picked = pickLocalized(values, entity.fieldDefs.get(fieldId)?.localized ?? true, view.chain, view.defaultCode);
    if (!picked) continue;
    fields[fieldId] = picked.value;
    if (entity.type === 'Entry') collectLinks(picked.value, links);
  }
  const body = { metadata: entity.metadata, sys: { ...entity.sys, locale: code }, fields };
  for (const value of Object.values(body)) Object.freeze(value);
  const result = { body: Object.freeze(body), links };
  byLocale.set(code, result);
  return result;
}

/** Breadth first; items are not repeated in `includes`. Links this API cannot serve (drafts on the CDA, archived, missing) become `notResolvable` errors. */
function collectIncludes(items: readonly IndexedEntity[], depth: number, scope: ApiScope, locale: Locale): Record<string, unknown> {
  const seen = new Set(items.map((item) => `${item.type}:${item.id}`));
  const found: Record<Kind, IndexedEntity[]> = { Entry: [], Asset: [] };
  const unresolved = new Map<string, LinkRef>();
  let frontier = items;
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const next: IndexedEntity[] = [];
    for (const ref of frontier.flatMap((entity) => render(entity, locale).links)) {
      const key = `${ref.linkType}:${ref.id}`;
      if (seen.has(key) || unresolved.has(key)) continue;
      const target = (ref.linkType === 'Entry' ? scope.entries : scope.assets).get(ref.id);
      if (!target) {
        unresolved.set(key, ref);
        continue;
      }
      seen.add(key);
      found[target.type].push(target);
      if (target.type === 'Entry') next.push(target);
    }
    frontier = next;
  }
  const includes = Object.fromEntries(
    Object.entries(found).flatMap(([kind, list]) => (list.length > 0 ? [[kind, list.map((entity) => render(entity, locale).body)]] : [])),
  );
  const errors = [...unresolved.values()].map((ref) => ({ sys: { id: 'notResolvable', type: 'error' }, details: { type: 'Link', ...ref } }));
  return { ...(Object.keys(includes).length > 0 ? { includes } : {}), ...(errors.length > 0 ? { errors } : {}) };
}

const TAG_PARAMS = new Set(['skip', 'limit', 'locale']);

export function queryTags(params: QueryParams, { index }: EndpointContext): Record<string, unknown> {
  for (const key of Object.keys(params)) if (!TAG_PARAMS.has(key)) throw invalidPath(key, `The path "${key}" is not recognized`);
  const { skip, limit } = parsePaging(params);
  const tags = [...index.tags.keys()].sort().flatMap((id) => index.tags.get(id) ?? []);
  return { sys: { type: 'Array' }, total: tags.length, skip, limit, items: tags.slice(skip, skip + limit) };
}

/** Private tags answer 404 like missing ones: the CDA never reveals them. */
export function getOne(type: 'Tag' | 'TaxonomyConcept', id: string, context: EndpointContext): Record<string, unknown> {
  const found = (type === 'Tag' ? context.index.tags : context.index.conceptsById).get(id);
  if (!found) throw notFound(type, id, context.where);
  return found;
}

/** One page of `limit`: the CDA's cursor paging beyond it is left out (README.md). */
export function queryConcepts(params: QueryParams, { index }: EndpointContext): Record<string, unknown> {
  for (const key of Object.keys(params)) {
    if (['conceptScheme', 'order', 'pageNext', 'pagePrev'].includes(key)) throw unsupported(`The parameter "${key}" on taxonomy concepts`);
    if (key !== 'limit' && key !== 'locale') throw invalidPath(key, `The path "${key}" is not recognized`);
  }
  const limit = parseIntParam(params, 'limit', { min: 1, max: 1000, fallback: 100 });
  if (index.concepts.length > limit) throw unsupported(`More taxonomy concepts than limit=${limit} (cursor paging)`);
  return { sys: { type: 'Array' }, items: index.concepts, limit, pages: {} };
}
