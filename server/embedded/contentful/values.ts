import { pickLocalized } from './locales.ts';

import type { IndexedEntity } from './export-index.ts';

export interface LocaleView {
  chain: readonly string[];
  defaultCode: string;
}

/** The values at a query path (`fields.author.sys.id`), arrays flattened on the way. */
export type ValueReader<T> = (item: T, path: readonly string[]) => unknown[];

function navigate(value: unknown, path: readonly string[]): unknown[] {
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
    const localized = entity.fieldDefs.get(fieldId)?.localized ?? true;
    const picked = pickLocalized(entity.fields[fieldId], localized, view.chain, view.defaultCode);
    return picked === undefined ? [] : navigate(picked.value, rest);
  };
}

/** Numbers and booleans compare by value. */
export function equalsQueryValue(value: unknown, query: string): boolean {
  if (typeof value === 'string') return value === query;
  if (typeof value === 'number') return query.trim() !== '' && Number(query) === value;
  if (typeof value === 'boolean') return String(value) === query;
  return false;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const collator = new Intl.Collator('en', { numeric: false, sensitivity: 'base' });

/** Dates become timestamps once, not on every comparison. */
export function toSortKey(value: unknown): number | string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  const text = String(value);
  const time = ISO_DATE.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? text : time;
}

/** Text case-insensitively, ties by code point. */
export function compareValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b)) || compareCodePoints(String(a), String(b));
}

export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
