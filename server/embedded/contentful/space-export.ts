import { readFile } from 'node:fs/promises';

import { z } from 'zod';

import { checkExport, isRecord, labelOf } from './space-export-checks.ts';

// The part of a `contentful space export` file the engine reads, plus Vitrine's `taxonomy` key (docs/content-model.md).
// Objects are loose: CMA-only keys (createdBy, webhooks, roles…) are kept but never served. Every key older CLI
// versions did not write is optional here and resolved in space-export-checks.ts (ADR 040).

const linkSchema = z.object({
  sys: z.looseObject({ type: z.literal('Link'), linkType: z.string().min(1), id: z.string().min(1) }),
});

const localizedSchema = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

const entitySysSchema = z.looseObject({
  id: z.string().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().optional(),
  publishedVersion: z.number().int().optional(),
  publishedAt: z.string().optional(),
  firstPublishedAt: z.string().optional(),
  publishedCounter: z.number().int().optional(),
  archivedVersion: z.number().int().optional(),
  archivedAt: z.string().optional(),
  // Set instead of the version keys when the export read entries and assets through the CDA (`--delivery-token`).
  revision: z.number().int().optional(),
  space: linkSchema.optional(),
  environment: linkSchema.optional(),
});

// Exports made before tags (2020) have no `metadata`, before taxonomy (2024) no `metadata.concepts`.
const metadataSchema = z.looseObject({
  tags: z.array(linkSchema).default([]),
  concepts: z.array(linkSchema).default([]),
});

const entrySchema = z.looseObject({
  sys: entitySysSchema.extend({ type: z.literal('Entry'), contentType: linkSchema }),
  fields: z.record(z.string(), localizedSchema(z.unknown())).default({}),
  metadata: metadataSchema.optional(),
});

// Unprocessed uploads have `upload` instead of `url`, and no `details`.
const assetFileSchema = z.looseObject({
  url: z.string().optional(),
  fileName: z.string(),
  contentType: z.string(),
  details: z.looseObject({ size: z.number().optional() }).optional(),
});

const assetSchema = z.looseObject({
  sys: entitySysSchema.extend({ type: z.literal('Asset') }),
  fields: z
    .looseObject({
      title: localizedSchema(z.string().nullable()).optional(),
      description: localizedSchema(z.string().nullable()).optional(),
      file: localizedSchema(assetFileSchema.nullable()).optional(),
    })
    .default({}),
  metadata: metadataSchema.optional(),
});

// Content types are not served (README.md): only what decides which fields are served and how they are read.
const contentTypeSchema = z.looseObject({
  sys: entitySysSchema.extend({ type: z.literal('ContentType') }),
  fields: z.array(z.looseObject({ id: z.string().min(1), type: z.string(), localized: z.boolean().default(false), omitted: z.boolean().default(false) })),
});

// Older CMA versions wrote `internal_code` and no `fallbackCode` (kept as given: loose).
const localeSchema = z.looseObject({
  code: z.string().min(1),
  name: z.string(),
  default: z.boolean().default(false),
  fallbackCode: z.string().nullable().optional(),
  contentDeliveryApi: z.boolean().default(true),
  sys: z.looseObject({ id: z.string().optional(), version: z.number().int().optional() }).optional(),
});

// Tags exported before Contentful had public tags (2020–2021) have no `visibility`: space-export-checks.ts resolves it.
const tagSchema = z.looseObject({
  name: z.string(),
  sys: z.looseObject({
    id: z.string().min(1),
    type: z.literal('Tag'),
    visibility: z.enum(['public', 'private']).default('private'),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int().optional(),
  }),
});

const conceptSchema = z.looseObject({
  sys: z.looseObject({
    id: z.string().min(1),
    type: z.literal('TaxonomyConcept'),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int().optional(),
  }),
  prefLabel: localizedSchema(z.string()),
  broader: z.array(linkSchema).default([]),
  narrower: z.array(linkSchema).optional(),
  related: z.array(linkSchema).default([]),
  conceptSchemes: z.array(linkSchema).default([]),
});

export type ExportEntry = z.infer<typeof entrySchema>;
export type ExportAsset = z.infer<typeof assetSchema>;
export type ExportContentType = z.infer<typeof contentTypeSchema>;
export type ExportTag = z.infer<typeof tagSchema>;
/** After loading, `fallbackCode` is always resolved (space-export-checks.ts). */
export type ExportLocale = z.infer<typeof localeSchema> & { fallbackCode: string | null };

export interface SpaceExport {
  contentTypes: ExportContentType[];
  entries: ExportEntry[];
  assets: ExportAsset[];
  locales: ExportLocale[];
  tags: ExportTag[];
  // Concept schemes are not served (README.md), so not validated either.
  taxonomy: { conceptSchemes: unknown[]; concepts: z.infer<typeof conceptSchema>[] };
}

/** What loading found: the export, and what was resolved automatically (logged at start). */
export interface LoadedSpaceExport {
  space: SpaceExport;
  warnings: string[];
}

const MAX_LISTED_PROBLEMS = 50;

/** Every problem of an export at once; the message lists the first 50, `problems` has them all. */
export class SpaceExportError extends Error {
  readonly problems: readonly string[];

  constructor(source: string, problems: readonly string[]) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => `\n  ${problem}`);
    const more = problems.length > MAX_LISTED_PROBLEMS ? `\n  and ${problems.length - MAX_LISTED_PROBLEMS} more` : '';
    super(`Contentful export ${source}: ${problems.length} problem${problems.length === 1 ? '' : 's'}:${listed.join('')}${more}`);
    this.name = 'SpaceExportError';
    this.problems = problems;
  }
}

/** Reads and validates an export file; errors name the file and every problem in it. */
export async function loadExportFile(file: string): Promise<LoadedSpaceExport> {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw new Error(`Contentful export ${file}: cannot read the file`, { cause: error });
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Contentful export ${file}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  return parseSpaceExport(json, file);
}

/** Validates a parsed export; `source` names it in error messages. Each item is checked on its own, so one bad item hides no other. */
export function parseSpaceExport(json: unknown, source: string): LoadedSpaceExport {
  if (!isRecord(json)) throw new SpaceExportError(source, ['(root): expected the JSON object `contentful space export` writes']);
  const problems: string[] = [];
  const list = <T>(parent: Record<string, unknown>, key: string, schema: z.ZodType<T>, path = key) => parseList(parent[key], path, schema, problems);
  const taxonomy = json['taxonomy'] ?? {};
  if (!isRecord(taxonomy)) problems.push(`taxonomy: expected an object, received ${describe(taxonomy)}`);
  const rawTaxonomy = isRecord(taxonomy) ? taxonomy : {};
  const space = {
    ...json,
    contentTypes: list(json, 'contentTypes', contentTypeSchema),
    entries: list(json, 'entries', entrySchema),
    assets: list(json, 'assets', assetSchema),
    locales: list(json, 'locales', localeSchema),
    tags: list(json, 'tags', tagSchema),
    taxonomy: {
      ...rawTaxonomy,
      conceptSchemes: Array.isArray(rawTaxonomy['conceptSchemes']) ? rawTaxonomy['conceptSchemes'] : [],
      concepts: list(rawTaxonomy, 'concepts', conceptSchema, 'taxonomy.concepts'),
    },
  };
  const { locales, warnings } = checkExport(json, space, problems);
  // Sorted by path, indexes numerically: an item's problems stand together, whichever check found them.
  if (problems.length > 0)
    throw new SpaceExportError(
      source,
      problems.sort((x, y) => x.localeCompare(y, 'en', { numeric: true })),
    );
  return { space: { ...space, locales }, warnings };
}

function parseList<T>(raw: unknown, path: string, schema: z.ZodType<T>, problems: string[]): T[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push(`${path}: expected an array, received ${describe(raw)}`);
    return [];
  }
  const items: T[] = [];
  raw.forEach((item: unknown, index) => {
    const result = schema.safeParse(item);
    if (result.success) items.push(result.data);
    else for (const issue of result.error.issues) problems.push(`${path}[${index}]${labelOf(item)}${formatPath(issue.path)}: ${issue.message}`);
  });
  return items;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key) => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${String(key)}` : `[${JSON.stringify(String(key))}]`))
    .join('');
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}
