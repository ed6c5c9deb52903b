import { readFile } from 'node:fs/promises';

import { assetSchema, conceptSchema, contentTypeSchema, entrySchema, localeSchema, tagSchema } from './space-export-schema.ts';
import { checkExport, isRecord, labelOf } from './space-export-checks.ts';

import type { z } from 'zod';
import type { SpaceExport } from './space-export-schema.ts';

const MAX_LISTED_PROBLEMS = 50;

/** The message lists the first 50 problems, `problems` has them all. */
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

export async function loadExportFile(file: string): Promise<ReturnType<typeof parseSpaceExport>> {
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

/** `warnings`: what was resolved automatically (logged at start). Each item is checked on its own, so one bad item hides no other. */
export function parseSpaceExport(json: unknown, source: string): { space: SpaceExport; warnings: string[] } {
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
  problems.sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  if (problems.length > 0) throw new SpaceExportError(source, problems);
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
