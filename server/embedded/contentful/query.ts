import { badRequest, invalidPath, invalidQuery, unsupported } from './cda-errors.ts';
import { compareCodePoints, compareValues, equalsQueryValue, toSortKey } from './values.ts';

import type { FieldDef, IndexedEntity } from './export-index.ts';
import type { LocaleSet } from './locales.ts';
import type { LocaleView, ValueReader } from './values.ts';

export type QueryParams = Readonly<Record<string, string | undefined>>;
export type Predicate<T> = (item: T) => boolean;
type CheckPath = (path: readonly string[], key: string) => void;

const csv = (value: string): string[] => value.split(',').flatMap((part) => part.trim() || []);

export function parseIntParam(params: QueryParams, name: string, bounds: { min: number; max: number; fallback: number }): number {
  const raw = params[name];
  if (raw === undefined || raw === '') return bounds.fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw invalidPath(name, `The value of "${name}" must be an integer between ${bounds.min} and ${bounds.max}`, 'range');
  }
  return value;
}

export function parsePaging(params: QueryParams): { skip: number; limit: number } {
  const limit = parseIntParam(params, 'limit', { min: 0, max: 1000, fallback: 100 });
  return { skip: parseIntParam(params, 'skip', { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 }), limit };
}

export function parseLocale(params: QueryParams, locales: LocaleSet): { code: string; view: LocaleView } {
  const code = params['locale'] ?? locales.defaultCode;
  if (!locales.has(code)) throw badRequest(`Unknown locale: ${code}`);
  return { code, view: { chain: locales.chain(code), defaultCode: locales.defaultCode } };
}

const ORDERABLE_SYS = new Set([
  'id',
  'type',
  'createdAt',
  'updatedAt',
  'revision',
  'publishedAt',
  'firstPublishedAt',
  'publishedVersion',
  'contentType.sys.id',
]);
const UNSUPPORTED_OPERATORS = new Set(['all', 'match', 'lt', 'lte', 'gt', 'gte']);
const ORDERABLE_FIELD_TYPES = new Set(['Symbol', 'Integer', 'Number', 'Date', 'Boolean']);
const ROOTS = new Set(['sys', 'fields', 'metadata']);

function checkRoot(path: readonly string[], key: string): void {
  if (!ROOTS.has(path[0] ?? '') || path.length < 2 || path.some((segment) => segment === '')) throw invalidPath(key, `The path "${key}" is not recognized`);
}

/** As the CDA: entry fields only together with `content_type`, and only scalar (or link id) fields can be ordered by. */
export function entryRules(
  contentType: { id: string; fieldDefs: ReadonlyMap<string, FieldDef> } | undefined,
): Record<'filter' | 'order' | 'select', CheckPath> {
  const fieldDef = (path: readonly string[], key: string): FieldDef => {
    if (!contentType) {
      throw invalidQuery({ name: 'unknown', path: [...path], details: `Searching or ordering on "${key}" requires the content_type parameter` });
    }
    const def = contentType.fieldDefs.get(path[1] ?? '');
    if (!def) throw invalidPath(key, `No field with id "${path[1]}" found on content type "${contentType.id}"`);
    return def;
  };
  return {
    filter(path, key) {
      checkRoot(path, key);
      if (path[0] === 'fields') fieldDef(path, key);
    },
    order(path, key) {
      checkRoot(path, key);
      if (path[0] === 'sys' && ORDERABLE_SYS.has(path.slice(1).join('.'))) return;
      if (path[0] !== 'fields') throw invalidPath(key, `Cannot order by "${key}"`);
      const def = fieldDef(path, key);
      const isScalar = ORDERABLE_FIELD_TYPES.has(def.type) && path.length === 2;
      const isLinkId = def.type === 'Link' && path.slice(2).join('.') === 'sys.id';
      if (!isScalar && !isLinkId) throw invalidPath(key, `Cannot order by field "${def.id}" of type ${def.type}`);
    },
    select(path, key) {
      if (path[0] === 'fields' && path.length === 2) fieldDef(path, key);
    },
  };
}

/** One `path[op]=value` search parameter (parameters combine with AND). */
export function buildFilter<T>(key: string, value: string, readAt: ValueReader<T>, checkPath: CheckPath): Predicate<T> {
  const match = /^(.*?)\[([^\]]*)\]$/.exec(key);
  const path = (match?.[1] ?? key).split('.');
  const op = match?.[2];
  checkPath(path, key);
  const read = (item: T) => readAt(item, path);
  const anyEquals = (values: string[]) => (item: T) => read(item).some((v) => values.some((w) => equalsQueryValue(v, w)));
  if (op === undefined || op === 'ne' || op === 'in' || op === 'nin') {
    const has = anyEquals(op === 'in' || op === 'nin' ? csv(value) : [value]);
    return op === 'ne' || op === 'nin' ? (item) => !has(item) : has;
  }
  if (op === 'exists') {
    if (value !== 'true' && value !== 'false') throw invalidPath(key, 'The value of [exists] must be true or false', 'type');
    return (item) => read(item).length > 0 === (value === 'true');
  }
  if (UNSUPPORTED_OPERATORS.has(op)) throw unsupported(`The operator [${op}]`);
  throw invalidPath(key, `The operator [${op}] is not supported`, 'unsupported');
}

export interface OrderKey {
  path: readonly string[];
  descending: boolean;
}

export function parseOrder(value: string | undefined, checkPath: CheckPath, fallback: readonly OrderKey[]): readonly OrderKey[] {
  if (value === undefined) return fallback;
  const keys = csv(value).map((part) => {
    const key = part.replace(/^-/, '');
    const path = key.split('.');
    if (path.some((segment) => segment === '')) throw invalidPath('order', `"${part}" is not a valid order path`);
    checkPath(path, key);
    return { path, descending: part.startsWith('-') };
  });
  if (keys.length === 0) throw invalidPath('order', 'The order parameter is empty');
  return keys;
}

/** Ties go by id so pages never overlap; missing values go last. */
export function sortItems(items: readonly IndexedEntity[], keys: readonly OrderKey[], read: ValueReader<IndexedEntity>): IndexedEntity[] {
  const decorated = items.map((item) => ({ item, values: keys.map((key) => toSortKey(read(item, key.path)[0])) }));
  decorated.sort((a, b) => {
    for (const [index, key] of keys.entries()) {
      const [left, right] = [a.values[index], b.values[index]];
      if (left === right) continue;
      if (left === undefined || right === undefined) return left === undefined ? 1 : -1;
      const result = compareValues(left, right);
      if (result !== 0) return key.descending ? -result : result;
    }
    return compareCodePoints(a.item.id, b.item.id);
  });
  return decorated.map((entry) => entry.item);
}

export type Selection = ReadonlyMap<string, ReadonlySet<string> | 'all'>;

export function parseSelect(value: string | undefined, checkPath: CheckPath): Selection | undefined {
  if (value === undefined) return undefined;
  const selection = new Map<string, Set<string> | 'all'>();
  for (const key of csv(value)) {
    const path = key.split('.');
    const [root = '', property] = path;
    if (path.length > 2 || !ROOTS.has(root) || property === '') {
      throw invalidPath('select', `"${key}" cannot be selected: use sys, fields or metadata, at most two levels deep`);
    }
    checkPath(path, key);
    const current = selection.get(root);
    if (property === undefined) selection.set(root, 'all');
    else if (current === undefined) selection.set(root, new Set([property]));
    else if (current !== 'all') current.add(property);
  }
  if (selection.size === 0) throw invalidPath('select', 'The select parameter is empty');
  return selection;
}

export function applySelect(resource: Readonly<Record<string, unknown>>, selection: Selection): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [root, value] of Object.entries(resource)) {
    const selected = selection.get(root);
    if (selected === undefined) continue;
    const narrow = selected !== 'all' && value && typeof value === 'object';
    result[root] = narrow ? Object.fromEntries(Object.entries(value).filter(([property]) => selected.has(property))) : value;
  }
  return result;
}
