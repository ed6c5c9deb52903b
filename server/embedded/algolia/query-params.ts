import { z } from 'zod';

import { HttpError } from '#shared/http/http-error.ts';
import { SEARCH_SCHEMA } from '#shared/search-schema.ts';

/** A params string carries text: Algolia reads `true`/`false`, numbers, and arrays as JSON or (`split`) comma lists. */
const fromText = <T extends z.ZodType>(schema: T, read: (text: string, ctx: { issues: z.core.$ZodRawIssue[] }) => unknown) =>
  z.preprocess((value, ctx) => (typeof value === 'string' ? read(value, ctx) : value), schema);
const scalar = <T extends z.ZodType>(schema: T) =>
  fromText(schema, (text) => (text === 'true' || text === 'false' ? text === 'true' : /^-?\d+$/.test(text) ? Number(text) : text));
const json = <T extends z.ZodType>(schema: T, split = false) =>
  fromText(schema, (text, ctx) => {
    if (!text.trimStart().startsWith('[')) return split ? text.split(',').flatMap((item) => item.trim() || []) : text;
    try {
      return JSON.parse(text);
    } catch {
      ctx.issues.push({ code: 'custom', message: 'not a JSON array', input: text });
      return z.NEVER;
    }
  });

/** With Algolia's defaults; anything else a client sends is ignored. */
const searchParamsSchema = z.object({
  query: z.string().default(''),
  page: scalar(z.int().min(0).default(0)),
  hitsPerPage: scalar(z.int().min(0).max(1000).default(20)),
  facets: json(z.array(z.string()).default([]), true),
  maxValuesPerFacet: scalar(z.int().min(1).max(1000).default(100)),
  facetFilters: json(z.union([z.string(), z.array(z.union([z.string(), z.array(z.string())]))]).optional()),
  filters: z.string().optional(),
  numericFilters: json(z.unknown().optional()),
  tagFilters: json(z.unknown().optional()),
  attributesToRetrieve: json(z.array(z.string()).default(['*']), true),
  attributesToHighlight: json(z.array(z.string()).optional(), true),
  attributesToSnippet: json(z.array(z.string()).default([]), true),
  highlightPreTag: z.string().default('<em>'),
  highlightPostTag: z.string().default('</em>'),
  snippetEllipsisText: z.string().default('…'),
  clickAnalytics: scalar(z.boolean().default(false)),
  // Index settings of ours (SEARCH_SCHEMA): distinct on entryId, facet counts after distinct (docs/decisions/003).
  distinct: scalar(z.union([z.boolean(), z.int().min(0).max(4)]).default(SEARCH_SCHEMA.distinct)),
  facetingAfterDistinct: scalar(z.boolean().default(true)),
  typoTolerance: scalar(z.union([z.boolean(), z.enum(['min', 'strict'])]).default(true)),
  facetQuery: z.string().default(''),
  maxFacetHits: scalar(z.int().min(1).max(100).default(10)),
});

export type SearchParams = z.infer<typeof searchParamsSchema>;

export type ParsedQuery = ReturnType<typeof parseQuery>;

const REQUEST_KEYS = new Set(['indexName', 'params', 'type', 'facet']);
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * Parameters come as a URL-encoded string, an object, or (algoliasearch v5 under InstantSearch) flattened into the request.
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
    if (typeof value === 'string') values[key] = value.toWellFormed();
  }
  const paramsString = typeof params === 'string' && Object.keys(raw).every((key) => REQUEST_KEYS.has(key)) ? params : serialize(values);
  return { values, paramsString };
}

function serialize(values: Record<string, unknown>): string {
  const entries = Object.entries(values).flatMap(([key, value]) =>
    value === undefined ? [] : [[key, typeof value === 'string' ? value : JSON.stringify(value)]],
  );
  return new URLSearchParams(entries).toString();
}

function hasContent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(hasContent);
  return value !== undefined && value !== null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
