import { HttpError } from '#shared/http/http-error.ts';

import { FACET_ATTRIBUTES } from './filters.ts';
import { createWordMatcher, highlightText } from './highlight.ts';
import { toQueryWords } from './text.ts';

import type { SearchRecord } from '#shared/content/types.ts';
import type { HighlightOptions } from './highlight.ts';

export type FacetCounts = Record<string, Record<string, number>>;

/** `facets: ['*']` means every facet attribute; unknown names are ignored, as Algolia ignores attributes not declared for faceting. */
export function resolveFacets(requested: readonly string[]): string[] {
  if (requested.includes('*')) return [...FACET_ATTRIBUTES];
  return FACET_ATTRIBUTES.filter((attribute) => requested.includes(attribute));
}

/** Value counts per facet, most frequent first (ties by value), at most `maxValuesPerFacet` each; facets without values are left out. */
export function countFacets(records: readonly SearchRecord[], facets: readonly string[], maxValuesPerFacet: number): FacetCounts {
  const result: FacetCounts = {};
  for (const facet of facets) {
    const entries = getSortedCounts(records, facet).slice(0, maxValuesPerFacet);
    if (entries.length > 0) result[facet] = Object.fromEntries(entries);
  }
  return result;
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

/**
 * Search for facet values (`type: 'facet'` requests, RefinementList `searchable`): values of `facet` among `records` whose words start with the words of
 * `facetQuery`, most frequent first.
 */
export function searchFacetValues(
  records: readonly SearchRecord[],
  facet: string,
  facetQuery: string,
  maxFacetHits: number,
  highlight: HighlightOptions,
): FacetHit[] {
  if (!(FACET_ATTRIBUTES as readonly string[]).includes(facet)) {
    throw new HttpError(400, `Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`);
  }
  const words = toQueryWords(facetQuery, false).map((word) => ({ ...word, isPrefix: true }));
  const matcher = createWordMatcher(words);
  const hits: FacetHit[] = [];
  for (const [value, count] of getSortedCounts(records, facet)) {
    const highlighted = highlightText(value, matcher, highlight);
    if (words.length > 0 && highlighted.matchedWords.length < words.length) continue;
    hits.push({ value, highlighted: highlighted.value, count });
    if (hits.length >= maxFacetHits) break;
  }
  return hits;
}

function getSortedCounts(records: readonly SearchRecord[], facet: string): [string, number][] {
  const counts = new Map<string, number>();
  const add = (value: unknown) => {
    const key = String(value);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  // Runs over every matching record of every query, so no per-record allocation.
  for (const record of records) {
    const value = record[facet as keyof SearchRecord];
    if (!Array.isArray(value)) {
      if (value !== undefined) add(value);
      continue;
    }
    value.forEach((item: string, i) => value.indexOf(item) === i && add(item));
  }
  return [...counts].sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0));
}
