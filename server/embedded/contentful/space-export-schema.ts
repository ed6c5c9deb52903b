import { z } from 'zod';

// What the engine reads of a `contentful space export` file, plus Vitrine's `taxonomy` key (docs/content-model.md). Objects are loose:
// CMA-only keys are kept but never served. Keys older CLI versions did not write are optional, resolved in space-export-checks.ts (ADR 040).

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

export const entrySchema = z.looseObject({
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

export const assetSchema = z.looseObject({
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

// Content types are not served (README.md): only what decides which fields are served and how.
export const contentTypeSchema = z.looseObject({
  sys: entitySysSchema.extend({ type: z.literal('ContentType') }),
  fields: z.array(z.looseObject({ id: z.string().min(1), type: z.string(), localized: z.boolean().default(false), omitted: z.boolean().default(false) })),
});

// Older CMA versions wrote `internal_code` and no `fallbackCode` (kept as given: loose).
export const localeSchema = z.looseObject({
  code: z.string().min(1),
  name: z.string(),
  default: z.boolean().default(false),
  fallbackCode: z.string().nullable().optional(),
  contentDeliveryApi: z.boolean().default(true),
  sys: z.looseObject({ id: z.string().optional(), version: z.number().int().optional() }).optional(),
});

// Tags exported before Contentful had public tags (2020–2021) have no `visibility`: space-export-checks.ts resolves it.
export const tagSchema = z.looseObject({
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

export const conceptSchema = z.looseObject({
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
/** After loading, `fallbackCode` is always resolved (space-export-checks.ts). */
export type ExportLocale = z.infer<typeof localeSchema> & { fallbackCode: string | null };

export interface SpaceExport {
  contentTypes: z.infer<typeof contentTypeSchema>[];
  entries: ExportEntry[];
  assets: ExportAsset[];
  locales: ExportLocale[];
  tags: z.infer<typeof tagSchema>[];
  // Concept schemes are not served (README.md), so not validated either.
  taxonomy: { conceptSchemes: unknown[]; concepts: z.infer<typeof conceptSchema>[] };
}
