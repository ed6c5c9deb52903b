import { readFile } from 'node:fs/promises';

import { z } from 'zod';

// The part of a `contentful space export` file the engine reads, plus Vitrine's `taxonomy` key (docs/content-model.md).
// Objects are loose: CMA-only keys (createdBy, webhooks, roles…) are kept but never served.

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
  space: linkSchema.optional(),
  environment: linkSchema.optional(),
});

const metadataSchema = z.looseObject({
  tags: z.array(linkSchema).default([]),
  concepts: z.array(linkSchema).default([]),
});

const entrySchema = z.looseObject({
  sys: entitySysSchema.extend({ type: z.literal('Entry'), contentType: linkSchema }),
  fields: z.record(z.string(), localizedSchema(z.unknown())).default({}),
  metadata: metadataSchema.optional(),
});

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

const localeSchema = z.looseObject({
  code: z.string().min(1),
  name: z.string(),
  default: z.boolean().default(false),
  fallbackCode: z.string().nullable().default(null),
  contentDeliveryApi: z.boolean().default(true),
  sys: z.looseObject({ id: z.string().optional(), version: z.number().int().optional() }).optional(),
});

const tagSchema = z.looseObject({
  name: z.string(),
  sys: z.looseObject({
    id: z.string().min(1),
    type: z.literal('Tag'),
    visibility: z.enum(['public', 'private']),
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

export const spaceExportSchema = z
  .looseObject({
    contentTypes: z.array(contentTypeSchema).default([]),
    entries: z.array(entrySchema).default([]),
    assets: z.array(assetSchema).default([]),
    locales: z.array(localeSchema).min(1),
    tags: z.array(tagSchema).default([]),
    editorInterfaces: z.array(z.unknown()).default([]),
    taxonomy: z
      .looseObject({
        // Concept schemes are not served (README.md), so not validated either.
        conceptSchemes: z.array(z.unknown()).default([]),
        concepts: z.array(conceptSchema).default([]),
      })
      .default({ conceptSchemes: [], concepts: [] }),
  })
  .superRefine((data, ctx) => {
    const defaults = data.locales.filter((locale) => locale.default);
    if (defaults.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['locales'], message: `expected exactly one default locale, found ${defaults.length}` });
    }
    const codes = new Set(data.locales.map((locale) => locale.code));
    data.locales.forEach((locale, index) => {
      if (locale.fallbackCode !== null && !codes.has(locale.fallbackCode)) {
        ctx.addIssue({ code: 'custom', path: ['locales', index, 'fallbackCode'], message: `unknown locale "${locale.fallbackCode}"` });
      }
    });
    for (const key of ['contentTypes', 'entries', 'assets', 'tags'] as const) {
      reportDuplicateIds(data[key], key, ctx);
    }
  });

function reportDuplicateIds(items: readonly { sys: { id: string } }[], key: string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.sys.id)) {
      ctx.addIssue({ code: 'custom', path: [key, index, 'sys', 'id'], message: `duplicate id "${item.sys.id}"` });
    }
    seen.add(item.sys.id);
  });
}

export type SpaceExport = z.infer<typeof spaceExportSchema>;
export type ExportEntry = SpaceExport['entries'][number];
export type ExportAsset = SpaceExport['assets'][number];
export type ExportLocale = SpaceExport['locales'][number];

const MAX_REPORTED_ISSUES = 10;

/** Reads and validates an export file; errors name the file and every bad field path (at most ten). */
export async function loadExportFile(file: string): Promise<SpaceExport> {
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

/** Validates a parsed export; `source` names it in error messages. */
export function parseSpaceExport(json: unknown, source: string): SpaceExport {
  const result = spaceExportSchema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const listed = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  if (issues.length > MAX_REPORTED_ISSUES) listed.push(`and ${issues.length - MAX_REPORTED_ISSUES} more`);
  throw new Error(`Contentful export ${source}: ${listed.join('; ')}`);
}

function formatPath(path: readonly PropertyKey[]): string {
  const text = path.map((key) =>
    typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${String(key)}` : `[${JSON.stringify(String(key))}]`,
  );
  return text.join('').replace(/^\./, '') || '(root)';
}
