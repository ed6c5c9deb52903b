import { invalidPath } from './cda-errors.ts';
import { compareToQuery, equalsQueryValue, matchesWords, textOf, tokenize } from './field-values.ts';
import { csv, splitKey } from './query-params.ts';

import type { ValueReader } from './field-values.ts';

export type Predicate<T> = (item: T) => boolean;

export interface FilterContext<T> {
  read: ValueReader<T>;
  /** Throws a CdaError when a path may not be queried on this endpoint. */
  checkPath(path: readonly string[], key: string): void;
  /** Concept ids plus all their descendants, for `metadata.concepts.descendants[in]`. */
  withDescendants?(ids: readonly string[]): ReadonlySet<string>;
}

const RANGE: Record<string, (difference: number) => boolean> = {
  lt: (d) => d < 0,
  lte: (d) => d <= 0,
  gt: (d) => d > 0,
  gte: (d) => d >= 0,
};

/** Turns one `path[op]=value` query parameter into a predicate, as the CDA's search parameters define them. */
export function buildFilter<T>(key: string, value: string, context: FilterContext<T>): Predicate<T> {
  const { path, op } = splitKey(key);
  if (path.join('.') === 'metadata.concepts.descendants') {
    if (op !== 'in' || !context.withDescendants) throw invalidPath(key, `The path "${key}" is not supported`);
    const ids = context.withDescendants(csv(value));
    return (item) => context.read(item, ['metadata', 'concepts', 'sys', 'id']).some((id) => ids.has(String(id)));
  }
  context.checkPath(path, key);
  const read = (item: T) => context.read(item, path);
  switch (op) {
    case undefined:
      return (item) => read(item).some((v) => equalsQueryValue(v, value));
    case 'ne':
      return (item) => !read(item).some((v) => equalsQueryValue(v, value));
    case 'in': {
      const wanted = csv(value);
      return (item) => read(item).some((v) => wanted.some((w) => equalsQueryValue(v, w)));
    }
    case 'nin': {
      const unwanted = csv(value);
      return (item) => !read(item).some((v) => unwanted.some((w) => equalsQueryValue(v, w)));
    }
    case 'all': {
      const required = csv(value);
      return (item) => {
        const values = read(item);
        return required.every((w) => values.some((v) => equalsQueryValue(v, w)));
      };
    }
    case 'exists': {
      if (value !== 'true' && value !== 'false') throw invalidPath(key, 'The value of [exists] must be true or false', 'type');
      const shouldExist = value === 'true';
      return (item) => read(item).length > 0 === shouldExist;
    }
    case 'match': {
      const words = tokenize(value);
      return (item) => matchesWords(textOf(read(item)), words);
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const test = RANGE[op];
      return (item) => read(item).some((v) => test?.(compareToQuery(v, value)) ?? false);
    }
    default:
      throw invalidPath(key, `The operator [${op}] is not supported`, 'unsupported');
  }
}

/** AND of all predicates (the CDA combines parameters conjunctively). */
export function allOf<T>(predicates: readonly Predicate<T>[]): Predicate<T> {
  return (item) => predicates.every((predicate) => predicate(item));
}
