import { FACET_ATTRIBUTES } from '#shared/search-schema.ts';

import { toTexts } from './words.ts';

import type { SearchRecord } from '#shared/search-schema.ts';

export type FacetCounts = [string, number][];

/**
 * Facet values as small integer ids, assigned at indexing: counting a query's facets over thousands of hits is then array increments instead
 * of a string map per hit. Ids live as long as the index; one per facet value, so they stay few.
 */
export function createFacetValues() {
  const idOf = new Map<string, number>();
  const values: string[] = [];
  const idsOfFacet: number[][] = FACET_ATTRIBUTES.counted.map(() => []);
  /** Record `doc`'s ids are `ids[start[doc]]` up to `ids[start[doc + 1]]` (or the end): records are added in order. */
  const start: number[] = [];
  const ids: number[] = [];
  let counts = new Uint32Array(0);

  const toId = (facet: number, value: string) => {
    const key = `${facet}\n${value}`;
    let id = idOf.get(key);
    if (id === undefined) {
      idOf.set(key, (id = values.push(value) - 1));
      idsOfFacet[facet]!.push(id);
    }
    return id;
  };

  return {
    /** The next record; a value repeated in an array counts once, as in Algolia. */
    add(record: SearchRecord): void {
      start.push(ids.length);
      FACET_ATTRIBUTES.counted.forEach((facet, f) => {
        for (const value of new Set(toTexts(record[facet as keyof SearchRecord]))) ids.push(toId(f, value));
      });
    },
    /** Counts every facet at once; the returned function sorts one facet's counts. Valid until the next `count`. */
    count(docs: ArrayLike<number>): (facet: string) => FacetCounts {
      if (counts.length < values.length) counts = new Uint32Array(values.length * 2);
      else counts.fill(0, 0, values.length);
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        const end = doc + 1 < start.length ? start[doc + 1]! : ids.length;
        for (let j = start[doc]!; j < end; j++) counts[ids[j]!]!++;
      }
      return (facet) => {
        const result: FacetCounts = [];
        for (const id of idsOfFacet[FACET_ATTRIBUTES.counted.indexOf(facet)] ?? []) if (counts[id]! > 0) result.push([values[id]!, counts[id]!]);
        return result.sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0));
      };
    },
  };
}
