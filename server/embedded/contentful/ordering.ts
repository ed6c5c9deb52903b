import { invalidPath } from './cda-errors.ts';
import { compareCodePoints, compareValues, toSortKey } from './field-values.ts';
import { csv } from './query-params.ts';

import type { ValueReader } from './field-values.ts';

export interface OrderKey {
  path: readonly string[];
  descending: boolean;
}

/** The CDA's default: most recently updated first, then by id. */
export const DEFAULT_ORDER: readonly OrderKey[] = [{ path: ['sys', 'updatedAt'], descending: true }];

/** Parses `order=-fields.price,sys.id`; `checkPath` throws for paths that cannot be ordered by. */
export function parseOrder(
  value: string | undefined,
  checkPath: (path: readonly string[], key: string) => void,
  fallback: readonly OrderKey[],
): readonly OrderKey[] {
  if (value === undefined) return fallback;
  const keys = csv(value).map((part) => {
    const descending = part.startsWith('-');
    const key = descending ? part.slice(1) : part;
    const path = key.split('.');
    if (path.some((segment) => segment === '')) throw invalidPath('order', `"${part}" is not a valid order path`);
    checkPath(path, key);
    return { path, descending };
  });
  if (keys.length === 0) throw invalidPath('order', 'The order parameter is empty');
  return keys;
}

/**
 * Stable sort by the keys, then by id so pages never overlap. Sort keys are
 * read once per item, not once per comparison.
 */
export function sortItems<T>(items: readonly T[], keys: readonly OrderKey[], read: ValueReader<T>, idOf: (item: T) => string): T[] {
  const decorated = items.map((item) => ({ item, id: idOf(item), values: keys.map((key) => toSortKey(read(item, key.path)[0])) }));
  decorated.sort((a, b) => {
    for (let index = 0; index < keys.length; index++) {
      const left = a.values[index];
      const right = b.values[index];
      // Missing values go last in both directions.
      if (left === undefined || right === undefined) {
        if (left !== right) return left === undefined ? 1 : -1;
        continue;
      }
      const result = compareValues(left, right);
      if (result !== 0) return keys[index]?.descending ? -result : result;
    }
    return compareCodePoints(a.id, b.id);
  });
  return decorated.map((entry) => entry.item);
}
