import { invalidPath, notFound } from './cda-errors.ts';
import { readPlain } from './field-values.ts';
import { allOf, buildFilter } from './filters.ts';
import { parseOrder, sortItems } from './ordering.ts';
import { PAGING_PARAMS, parsePaging } from './query-params.ts';

import type { EndpointContext } from './entity-endpoints.ts';
import type { Predicate } from './filters.ts';
import type { QueryParams } from './query-params.ts';

type Resource = Record<string, unknown>;

interface PlainCollection {
  items: readonly Resource[];
  /** Top-level keys that filters and `order` may address (`sys.id`, `name`…). */
  roots: ReadonlySet<string>;
  /** Keep the export's order (locales: default first) instead of sorting by id. */
  keepOrder?: boolean;
}

/** Offset-paged collection of resources that are served as stored: content types, tags, locales. */
export function queryPlain(collection: PlainCollection, params: QueryParams): Resource {
  const paging = parsePaging(params);
  const checkPath = (path: readonly string[], key: string) => {
    if (!collection.roots.has(path[0] ?? '')) throw invalidPath(key, `The path "${key}" is not recognized`);
  };
  const predicates: Predicate<Resource>[] = [];
  for (const [key, value] of Object.entries(params)) {
    // `select` and `locale` do not change these resources; they are accepted and ignored.
    if (value === undefined || PAGING_PARAMS.has(key) || key === 'select' || key === 'locale') continue;
    predicates.push(buildFilter(key, value, { read: readPlain, checkPath }));
  }
  const matched = collection.items.filter(allOf(predicates));
  const order = parseOrder(params['order'], checkPath, []);
  const sorted = collection.keepOrder && params['order'] === undefined ? matched : sortItems(matched, order, readPlain, idOf);
  return {
    sys: { type: 'Array' },
    total: sorted.length,
    skip: paging.skip,
    limit: paging.limit,
    items: sorted.slice(paging.skip, paging.skip + paging.limit),
  };
}

function idOf(resource: Resource): string {
  const sys = resource['sys'] as { id?: unknown } | undefined;
  return typeof sys?.id === 'string' ? sys.id : String(resource['code'] ?? '');
}

export function queryContentTypes(params: QueryParams, context: EndpointContext): Resource {
  const items = [...context.scope.contentTypes.values()].map((contentType) => contentType.resource);
  return queryPlain({ items, roots: new Set(['sys', 'name', 'description', 'displayField']) }, params);
}

export function getContentType(id: string, context: EndpointContext): Resource {
  const contentType = context.scope.contentTypes.get(id);
  if (!contentType) throw notFound('ContentType', id, context.where);
  return contentType.resource;
}

export function queryTags(params: QueryParams, context: EndpointContext): Resource {
  return queryPlain({ items: [...context.index.tags.values()], roots: new Set(['sys', 'name']) }, params);
}

/** Private tags answer 404 like missing ones: the CDA never reveals them. */
export function getTag(id: string, context: EndpointContext): Resource {
  const tag = context.index.tags.get(id);
  if (!tag) throw notFound('Tag', id, context.where);
  return tag;
}

export function queryLocales(params: QueryParams, context: EndpointContext): Resource {
  return queryPlain({ items: context.scope.localeResources, roots: new Set(['sys', 'code', 'name']), keepOrder: true }, params);
}

/** `GET /spaces/:space`: the space with its locales (no sys beyond id and type, as the CDA answers). */
export function getSpace(context: EndpointContext): Resource {
  return {
    sys: { type: 'Space', id: context.index.spaceId },
    name: context.index.spaceName,
    locales: context.scope.locales.locales.map((locale) => ({
      code: locale.code,
      default: locale.default,
      name: locale.name,
      fallbackCode: locale.fallbackCode,
    })),
  };
}
