import { readFile } from 'node:fs/promises';

import { z } from 'zod';

import { assetSchema, conceptSchema, contentTypeSchema, entrySchema, localeSchema, tagSchema } from './space-export-schema.ts';
import { checkExport, isRecord, labelOf } from './space-export-checks.ts';

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

const describe = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const list = <T extends z.ZodType>(item: T) => z.array(item, { error: (issue) => `expected an array, received ${describe(issue.input)}` }).default([]);

const spaceExportSchema = z.looseObject(
  {
    contentTypes: list(contentTypeSchema),
    entries: list(entrySchema),
    assets: list(assetSchema),
    locales: list(localeSchema),
    tags: list(tagSchema),
    taxonomy: z
      .looseObject(
        { conceptSchemes: z.array(z.unknown()).catch([]), concepts: list(conceptSchema) },
        { error: (issue) => `expected an object, received ${describe(issue.input)}` },
      )
      .default({ conceptSchemes: [], concepts: [] }),
  },
  { error: () => 'expected the JSON object `contentful space export` writes' },
);

/** `warnings`: what was resolved automatically (logged at start). Every item is checked, so one bad item hides no other. */
export function parseSpaceExport(json: unknown, source: string): { space: SpaceExport; warnings: string[] } {
  const parsed = spaceExportSchema.safeParse(json);
  const problems = parsed.error?.issues.map((issue) => formatIssue(json, issue)) ?? [];
  const space = parsed.data ?? { entries: [], assets: [], locales: [] };
  const { locales, warnings } = isRecord(json) ? checkExport(json, space, problems) : { locales: [], warnings: [] };
  // Sorted by path, indexes numerically: an item's problems stand together, whichever check found them.
  problems.sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  if (!parsed.success || problems.length > 0) throw new SpaceExportError(source, problems);
  return { space: { ...parsed.data, locales }, warnings };
}

/** `entries[3] (id x, content type article).fields.title: …`: the path, with a label after the item it leads into. */
function formatIssue(json: unknown, { path, message }: z.core.$ZodIssue): string {
  let at = json;
  let text = '';
  for (const key of path) {
    text += typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${String(key)}` : `[${JSON.stringify(String(key))}]`;
    const isItem = typeof key === 'number' && Array.isArray(at) && text.split('[').length === 2;
    at = isRecord(at) || Array.isArray(at) ? (at as Record<PropertyKey, unknown>)[key] : undefined;
    if (isItem) text += labelOf(at);
  }
  return `${text.replace(/^\./, '') || '(root)'}: ${message}`;
}
