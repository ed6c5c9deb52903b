import { z } from 'zod';

import { HttpError } from '#shared/http/http-error.ts';
import { SEARCH_SCHEMA } from '#shared/search-schema.ts';

/** With Algolia's defaults; anything else a client sends is ignored. */
const searchParamsSchema = z.object({
  query: z.string().default(''),
  page: z.int().min(0).default(0),
  hitsPerPage: z.int().min(0).max(1000).default(20),
  facets: z.array(z.string()).default([]),
  maxValuesPerFacet: z.int().min(1).max(1000).default(100),
  facetFilters: z.union([z.string(), z.array(z.union([z.string(), z.array(z.string())]))]).optional(),
  filters: z.string().optional(),
  numericFilters: z.unknown().optional(),
  tagFilters: z.unknown().optional(),
  attributesToRetrieve: z.array(z.string()).default(['*']),
  attributesToHighlight: z.array(z.string()).optional(),
  attributesToSnippet: z.array(z.string()).default([]),
  highlightPreTag: z.string().default('<em>'),
  highlightPostTag: z.string().default('</em>'),
  snippetEllipsisText: z.string().default('…'),
  clickAnalytics: z.boolean().default(false),
  // Index settings of ours (SEARCH_SCHEMA): distinct on entryId, facet counts after distinct (docs/decisions/003).
  distinct: z.union([z.boolean(), z.int().min(0).max(4)]).default(SEARCH_SCHEMA.distinct),
  facetingAfterDistinct: z.boolean().default(true),
  typoTolerance: z.union([z.boolean(), z.enum(['min', 'strict'])]).default(true),
  facetQuery: z.string().default(''),
  maxFacetHits: z.int().min(1).max(100).default(10),
});

export type SearchParams = z.infer<typeof searchParamsSchema>;

export type ParsedQuery = ReturnType<typeof parseQuery>;

const NUMBER_PARAMS = new Set(['page', 'hitsPerPage', 'maxValuesPerFacet', 'maxFacetHits', 'distinct']);
const BOOLEAN_PARAMS = new Set(['clickAnalytics', 'facetingAfterDistinct', 'distinct', 'typoTolerance', 'analytics', 'getRankingInfo']);
const LIST_PARAMS = new Set(['facets', 'attributesToRetrieve', 'attributesToHighlight', 'attributesToSnippet']);
const JSON_PARAMS = new Set(['facetFilters', 'numericFilters', 'tagFilters', 'optionalFilters']);
const REQUEST_KEYS = new Set(['indexName', 'params', 'type', 'facet']);
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * Parameters come as a URL-encoded string, an object, or (algoliasearch v5 under InstantSearch) flattened into the request; string values are
 * coerced as Algolia reads them: JSON or comma lists for arrays, `true`/`false`, numbers.
 */
export function parseQuery(raw: unknown, maxQueryLength: number, indexNameFromPath?: string) {
  if (!isObject(raw)) throw new HttpError(400, 'Each request must be a JSON object');
  const indexName = indexNameFromPath ?? raw.indexName;
  if (typeof indexName !== 'string' || !indexName) throw new HttpError(400, 'indexName is required');
  const type = raw.type ?? 'default';
  if (type !== 'default' && type !== 'facet') throw new HttpError(400, `Unsupported request type "${String(type)}"`);
  if (type === 'facet' && typeof raw.facet !== 'string') throw new HttpError(400, 'facet is required when type is facet');

  const { values, paramsString } = collectValues(raw);
  const parsed = searchParamsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(400, `Invalid value for ${issue.path.join('.') || 'params'}: ${issue.message}`);
  }
  const params = parsed.data;
  for (const key of ['query', 'facetQuery'] as const) {
    if (params[key].length > maxQueryLength) {
      throw new HttpError(400, `${key} is too long: ${params[key].length} characters, the maximum is ${maxQueryLength}`);
    }
    params[key] = params[key].replace(CONTROL_CHARACTERS, ' ');
  }
  for (const key of ['numericFilters', 'tagFilters'] as const) {
    if (hasContent(params[key])) throw new HttpError(400, `${key} are not supported by the embedded engine; use filters or facetFilters`);
  }
  // `paramsString` is echoed back as `params`, as Algolia does.
  return { indexName, type, ...(type === 'facet' ? { facet: raw.facet as string } : {}), params, paramsString };
}

function collectValues(raw: Record<string, unknown>): { values: Record<string, unknown>; paramsString: string } {
  const values: Record<string, unknown> = {};
  const { params } = raw;
  if (typeof params === 'string') {
    for (const [key, value] of new URLSearchParams(params)) values[key] = value;
  } else if (isObject(params)) {
    Object.assign(values, params);
  } else if (params !== undefined) {
    throw new HttpError(400, 'params must be a URL-encoded string or an object');
  }
  for (const [key, value] of Object.entries(raw)) {
    if (!REQUEST_KEYS.has(key) && value !== undefined) values[key] = value;
  }
  // Lone surrogates (valid in JSON) make encodeURIComponent throw (a 500, ADR 011); Algolia reads them as U+FFFD, so do we.
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') values[key] = coerce(key, value.toWellFormed());
  }
  const paramsString = typeof params === 'string' && Object.keys(raw).every((key) => REQUEST_KEYS.has(key)) ? params : serialize(values);
  return { values, paramsString };
}

function coerce(key: string, value: string): unknown {
  if (BOOLEAN_PARAMS.has(key) && (value === 'true' || value === 'false')) return value === 'true';
  if (NUMBER_PARAMS.has(key) && /^-?\d+$/.test(value)) return Number(value);
  if ((LIST_PARAMS.has(key) || JSON_PARAMS.has(key)) && value.trimStart().startsWith('[')) {
    try {
      return JSON.parse(value);
    } catch {
      throw new HttpError(400, `Invalid value for ${key}: not a JSON array`);
    }
  }
  return LIST_PARAMS.has(key) ? value.split(',').flatMap((item) => item.trim() || []) : value;
}

function serialize(values: Record<string, unknown>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key.toWellFormed(), (typeof value === 'string' ? value : JSON.stringify(value)).toWellFormed()])
    .map(([key = '', value = '']) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

function hasContent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(hasContent);
  return value !== undefined && value !== null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
