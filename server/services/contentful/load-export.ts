import { readFile } from 'node:fs/promises';

import { spaceExportSchema } from './export-schema.ts';

import type { z } from 'zod';
import type { SpaceExport } from './export-schema.ts';

const MAX_REPORTED_ISSUES = 10;

/**
 * Reads and validates a `contentful space export` file.
 * Rejects with an Error naming the file and every bad field path (at most ten).
 */
export async function loadExportFile(file: string): Promise<SpaceExport> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Contentful export ${file}: cannot read the file`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Contentful export ${file}: not valid JSON (${reason})`, { cause: error });
  }
  return parseSpaceExport(json, file);
}

/**
 * Validates an already parsed export; `source` names it in error messages.
 * @throws Error `Contentful export <source>: <path>: <problem>; …`
 */
export function parseSpaceExport(json: unknown, source: string): SpaceExport {
  const result = spaceExportSchema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const listed = issues.slice(0, MAX_REPORTED_ISSUES).map(formatIssue);
  if (issues.length > MAX_REPORTED_ISSUES) listed.push(`and ${issues.length - MAX_REPORTED_ISSUES} more`);
  throw new Error(`Contentful export ${source}: ${listed.join('; ')}`);
}

function formatIssue(issue: z.core.$ZodIssue): string {
  return `${formatPath(issue.path)}: ${issue.message}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (/^[A-Za-z_$][\w$]*$/.test(name)) return index === 0 ? name : `.${name}`;
      return `[${JSON.stringify(name)}]`;
    })
    .join('');
}
