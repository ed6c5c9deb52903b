import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Localized } from './space.ts';

/** `<slug>.md`: JSON front matter between `---` lines and a Markdown body; `<slug>.de-DE.md` holds the German values. */
export const SOURCE_DIR = fileURLToPath(new URL('../../../content/source/', import.meta.url));

export type SourceFields = Record<string, unknown> & { body?: string };
export interface SourceDocument {
  en: SourceFields;
  de: SourceFields;
}

function readDocument(path: string): SourceFields {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(path, 'utf8'));
  if (!match) throw new Error(`${path}: expected a JSON front matter between --- lines`);
  const body = match[2]?.trim();
  return { ...(JSON.parse(match[1] ?? '') as SourceFields), ...(body ? { body } : {}) };
}

export function readSource(name: string): SourceDocument {
  const german = join(SOURCE_DIR, `${name}.de-DE.md`);
  return { en: readDocument(join(SOURCE_DIR, `${name}.md`)), de: existsSync(german) ? readDocument(german) : {} };
}

export function readDocuments(folder: string): SourceDocument[] {
  const names = readdirSync(join(SOURCE_DIR, folder)).filter((name) => name.endsWith('.md') && !name.endsWith('.de-DE.md'));
  return names.sort().map((name) => readSource(join(folder, name.slice(0, -3))));
}

export function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(join(SOURCE_DIR, name), 'utf8')) as T;
}

export function localize<T = string>(document: SourceDocument, key: string): Localized<T> | undefined {
  const [en, de] = [document.en[key], document.de[key]] as [T | undefined, T | undefined];
  if (en === undefined) return undefined;
  return de === undefined ? { 'en-US': en } : { 'en-US': en, 'de-DE': de };
}
