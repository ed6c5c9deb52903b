import { invalidPath } from './cda-errors.ts';
import { csv } from './query-params.ts';

/** Selected top-level keys, each whole (`'all'`) or narrowed to some of its properties. */
export type Selection = ReadonlyMap<string, ReadonlySet<string> | 'all'>;

const SELECTABLE_ROOTS = new Set(['sys', 'fields', 'metadata']);

/**
 * Parses `select=sys.id,fields.title`. Like the CDA: paths are at most two
 * levels deep and start with `sys`, `fields` or `metadata`; `checkPath`
 * adds endpoint rules (fields need a content_type on entries).
 */
export function parseSelect(value: string | undefined, checkPath: (path: readonly string[], key: string) => void): Selection | undefined {
  if (value === undefined) return undefined;
  const selection = new Map<string, Set<string> | 'all'>();
  for (const key of csv(value)) {
    const path = key.split('.');
    const [root = '', property] = path;
    if (path.length > 2 || !SELECTABLE_ROOTS.has(root) || property === '') {
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

export function applySelect(resource: Record<string, unknown>, selection: Selection): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [root, value] of Object.entries(resource)) {
    const selected = selection.get(root);
    if (selected === undefined) continue;
    if (selected === 'all' || !value || typeof value !== 'object') {
      result[root] = value;
      continue;
    }
    const narrowed: Record<string, unknown> = {};
    for (const [property, propertyValue] of Object.entries(value)) {
      if (selected.has(property)) narrowed[property] = propertyValue;
    }
    result[root] = narrowed;
  }
  return result;
}
