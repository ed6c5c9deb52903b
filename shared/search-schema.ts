import { LOCALES } from '#shared/content/types.ts';
import { SEARCH_FACETS, SEARCH_QUERY_PARAMETERS, SEARCH_RECORD_TYPES } from '#shared/search.ts';

// For Algolia and the embedded engine. A new searchable field: add it to `record` and `searchableAttributes`, then map it in records.ts.

/** A value type (`?`: optional) or the list of values. */
const RECORD = {
  /** `${entryId}:${locale}` for chunk 0, `${entryId}:${locale}:${chunk}` after it. */
  objectID: 'string',
  entryId: 'string',
  type: SEARCH_RECORD_TYPES,
  locale: LOCALES,
  title: 'string',
  /** Values only. */
  facts: 'string[]?',
  slug: 'string',
  url: 'string',
  summary: 'string',
  body: 'string',
  chunk: 'number',
  tags: 'string[]',
  image: 'string?',
  updatedAt: 'string',
  /** `updatedAt` in seconds: Algolia reads ISO dates as strings, so newest-first ranks on this. */
  updatedAtTimestamp: 'number',
} as const;

type Shape = typeof RECORD;
type Kinds = { string: string; number: number; boolean: boolean; 'string[]': string[] };
type ValueOf<K> = K extends keyof Kinds ? Kinds[K] : K extends `${infer T extends keyof Kinds}?` ? Kinds[T] : K extends readonly (infer V)[] ? V : never;
type OptionalKey = { [K in keyof Shape]: Shape[K] extends `${string}?` ? K : never }[keyof Shape];
export type SearchRecord = { [K in Exclude<keyof Shape, OptionalKey>]: ValueOf<Shape[K]> } & { [K in OptionalKey]?: ValueOf<Shape[K]> };

export const SEARCH_SCHEMA = {
  record: RECORD,
  /** Most important first. `unordered`: where in the attribute a word is does not count; in the title it does. */
  searchableAttributes: ['title', 'unordered(facts)', 'unordered(tags)', 'unordered(summary)', 'unordered(body)'],
  /** Counted per entry, not per chunk (`afterDistinct`). `searchable`: the search page's refinement lists, in this order. `entryId`: for deletes. */
  attributesForFaceting: [...SEARCH_FACETS.map((name) => `afterDistinct(searchable(${name}))`), 'afterDistinct(locale)', 'filterOnly(entryId)'],
  attributesToSnippet: SEARCH_QUERY_PARAMETERS.attributesToSnippet,
  snippetEllipsisText: SEARCH_QUERY_PARAMETERS.snippetEllipsisText,
  /** Newest first among equals (the embedded engine then orders by `objectID`). */
  customRanking: ['desc(updatedAtTimestamp)'],
  distinct: true,
  attributeForDistinct: 'entryId',
  /** Embedded engine only: where a 1–2 letter prefix is looked up (a bound on CPU), and the values a one-word query must equal to be `exact`. */
  shortAttributes: ['title', 'tags'],
};

/** `afterDistinct(searchable(tags))` → `tags`, `body:20` → `body`. */
export const attributeOf = (spec: string) => spec.replace(/^(\w+\()+|\)+$|:\d+$/g, '') as keyof Shape;

const facets = (keep: RegExp): readonly string[] => SEARCH_SCHEMA.attributesForFaceting.filter((spec) => keep.test(spec)).map(attributeOf);
export const FACET_ATTRIBUTES = { counted: facets(/^(?!.*filterOnly\()/), filterable: facets(/./), searchable: facets(/searchable\(/) };
