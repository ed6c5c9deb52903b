import { invalidPath, notFound } from './cda-errors.ts';
import { navigate } from './field-values.ts';
import { parseOrder, sortItems } from './ordering.ts';
import { cursorPages, parseIntParam, parsePaging } from './query-params.ts';

import type { EndpointContext } from './entity-endpoints.ts';
import type { ValueReader } from './field-values.ts';
import type { QueryParams } from './query-params.ts';

// Concepts and schemes are stored in the export in their CDA shape and served as they are; collections are cursor paged.

type Resource = { sys: { id: string } } & Record<string, unknown>;

const CURSOR_PARAMS = new Set(['limit', 'order', 'pageNext', 'pagePrev', 'nextPage', 'prevPage', 'cursor', 'locale', 'access_token']);
const ORDERABLE = new Set(['prefLabel', 'sys.createdAt', 'sys.updatedAt']);

export function queryConcepts(params: QueryParams, context: EndpointContext): Record<string, unknown> {
  const { taxonomy } = context.index;
  checkParams(params, ['conceptScheme']);
  const schemeId = params['conceptScheme'];
  const members = schemeId === undefined ? undefined : taxonomy.conceptIdsInScheme(schemeId);
  const items = members === undefined ? taxonomy.conceptList : taxonomy.conceptList.filter((concept) => members.has(concept.sys.id));
  return cursorCollection(items, params, context, `${context.basePath}/taxonomy/concepts`);
}

export function getConcept(id: string, context: EndpointContext): Record<string, unknown> {
  const concept = context.index.taxonomy.concepts.get(id);
  if (!concept) throw notFound('TaxonomyConcept', id, context.where);
  return concept;
}

/** `GET /taxonomy/concepts/:id/ancestors|descendants`, optionally `depth`-limited. */
export function queryConceptRelatives(
  id: string,
  relation: 'ancestors' | 'descendants',
  params: QueryParams,
  context: EndpointContext,
): Record<string, unknown> {
  const { taxonomy } = context.index;
  if (!taxonomy.concepts.has(id)) throw notFound('TaxonomyConcept', id, context.where);
  checkParams(params, ['depth']);
  const depth = parseIntParam(params, 'depth', { min: 1, max: 100, fallback: 100 });
  const ids = relation === 'ancestors' ? taxonomy.ancestors(id, depth) : taxonomy.descendants(id, depth);
  const items = ids.flatMap((relativeId) => taxonomy.concepts.get(relativeId) ?? []);
  return cursorCollection(items, params, context, `${context.basePath}/taxonomy/concepts/${id}/${relation}`);
}

export function queryConceptSchemes(params: QueryParams, context: EndpointContext): Record<string, unknown> {
  checkParams(params, []);
  return cursorCollection(context.index.taxonomy.schemeList, params, context, `${context.basePath}/taxonomy/concept-schemes`);
}

export function getConceptScheme(id: string, context: EndpointContext): Record<string, unknown> {
  const scheme = context.index.taxonomy.schemes.get(id);
  if (!scheme) throw notFound('TaxonomyConceptScheme', id, context.where);
  return scheme;
}

function checkParams(params: QueryParams, extra: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!CURSOR_PARAMS.has(key) && !extra.includes(key)) throw invalidPath(key, `The path "${key}" is not recognized`);
  }
}

function cursorCollection(items: readonly Resource[], params: QueryParams, context: EndpointContext, path: string): Record<string, unknown> {
  const { skip, limit } = parsePaging(params);
  const defaultCode = context.scope.locales.defaultCode;
  const read: ValueReader<Resource> = (item, keyPath) => {
    if (keyPath[0] !== 'prefLabel') return navigate(item, keyPath);
    const labels = (item['prefLabel'] ?? {}) as Record<string, unknown>;
    return [labels[defaultCode] ?? Object.values(labels)[0]];
  };
  const checkOrder = (keyPath: readonly string[], key: string) => {
    if (!ORDERABLE.has(keyPath.join('.'))) throw invalidPath('order', `Cannot order by "${key}"`);
  };
  const order = parseOrder(params['order'], checkOrder, []);
  const sorted = order.length === 0 ? items : sortItems(items, order, read, (item) => item.sys.id);
  return {
    sys: { type: 'Array' },
    items: sorted.slice(skip, skip + limit),
    limit,
    pages: cursorPages(path, skip, limit, sorted.length),
  };
}
