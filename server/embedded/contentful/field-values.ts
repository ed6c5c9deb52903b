import { pickLocalized } from './locales.ts';

import type { IndexedEntity } from './export-index.ts';

/** The locale an entity is read in for filters and ordering: the requested chain, or the default locale for `locale=*`. */
export interface LocaleView {
  chain: readonly string[];
  defaultCode: string;
}

/** Reads the values at a dotted query path (`fields.author.sys.id`), flattening arrays on the way. */
export type ValueReader<T> = (item: T, path: readonly string[]) => unknown[];

export function navigate(value: unknown, path: readonly string[]): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => navigate(item, path));
  if (path.length === 0) return [value];
  if (typeof value !== 'object') return [];
  const [head = '', ...rest] = path;
  return navigate((value as Record<string, unknown>)[head], rest);
}

export function createEntityReader(view: LocaleView): ValueReader<IndexedEntity> {
  return (entity, path) => {
    const [root, fieldId = '', ...rest] = path;
    if (root === 'sys') return navigate(entity.sys, path.slice(1));
    if (root === 'metadata') return navigate(entity.metadata, path.slice(1));
    if (root !== 'fields') return [];
    const picked = readField(entity, fieldId, view);
    return picked === undefined ? [] : navigate(picked, rest);
  };
}

/** One field of an entity in the view's locale (with fallback), or undefined. */
export function readField(entity: IndexedEntity, fieldId: string, view: LocaleView): unknown {
  const localized = entity.fieldDefs.get(fieldId)?.localized ?? true;
  return pickLocalized(entity.fields[fieldId], localized, view.chain, view.defaultCode)?.value;
}

export const readPlain: ValueReader<Record<string, unknown>> = (item, path) => navigate(item, path);

/** Equality as the CDA applies it to a query string: numbers and booleans compare by value. */
export function equalsQueryValue(value: unknown, query: string): boolean {
  if (typeof value === 'string') return value === query;
  if (typeof value === 'number') return query.trim() !== '' && Number(query) === value;
  if (typeof value === 'boolean') return String(value) === query;
  return false;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** Orders a field value against a range bound; NaN when they cannot be compared. */
export function compareToQuery(value: unknown, query: string): number {
  if (typeof value === 'number') return query.trim() === '' ? Number.NaN : value - Number(query);
  if (typeof value !== 'string') return Number.NaN;
  if (ISO_DATE.test(value) && ISO_DATE.test(query)) return Date.parse(value) - Date.parse(query);
  return collator.compare(value, query);
}

const collator = new Intl.Collator('en', { numeric: false, sensitivity: 'base' });

/** A value prepared for sorting: dates become timestamps once, not on every comparison. */
export function toSortKey(value: unknown): number | string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  const text = String(value);
  if (ISO_DATE.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return time;
  }
  return text;
}

/** Sort order for two sort keys: numbers numerically, text case-insensitively (ties by code point). */
export function compareValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return collator.compare(left, right) || compareCodePoints(left, right);
}

export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Lower-cased words of a text, as used by `[match]` and `query`. */
export function tokenize(text: string): string[] {
  return text
    .toLocaleLowerCase('en')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every query word must start some word of the text (the CDA's word-prefix full-text match). */
export function matchesWords(text: string, queryWords: readonly string[]): boolean {
  if (queryWords.length === 0) return true;
  const words = tokenize(text);
  return queryWords.every((queryWord) => words.some((word) => word.startsWith(queryWord)));
}

/** Plain text of a value: strings, arrays of strings, and rich-text documents. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  if (!value || typeof value !== 'object') return '';
  const node = value as { nodeType?: unknown; value?: unknown; content?: unknown };
  if (typeof node.nodeType === 'string') {
    return typeof node.value === 'string' ? node.value : textOf(node.content);
  }
  return '';
}
