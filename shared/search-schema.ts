import { z } from 'zod';

import { LOCALES } from '#shared/content/types.ts';
import { SEARCH_FACETS, SEARCH_QUERY_PARAMETERS, SEARCH_RECORD_TYPES } from '#shared/search.ts';

// For Algolia and the embedded engine. A new searchable field: add it to `searchRecordSchema` and `searchableAttributes`, then map it in records.ts.

export const searchRecordSchema = z.strictObject({
  /** `${entryId}:${locale}` for chunk 0, `${entryId}:${locale}:${chunk}` after it. */
  objectID: z.string(),
  entryId: z.string(),
  type: z.enum(SEARCH_RECORD_TYPES),
  locale: z.enum(LOCALES),
  title: z.string(),
  /** Values only. */
  facts: z.array(z.string()).optional(),
  slug: z.string(),
  url: z.string(),
  summary: z.string(),
  body: z.string(),
  chunk: z.number(),
  tags: z.array(z.string()),
  image: z.string().optional(),
  updatedAt: z.string(),
  /** `updatedAt` in seconds: Algolia reads ISO dates as strings, so newest-first ranks on this. */
  updatedAtTimestamp: z.number(),
});
export type SearchRecord = z.infer<typeof searchRecordSchema>;

export const SEARCH_SCHEMA = {
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
export const attributeOf = (spec: string) => spec.replace(/^(\w+\()+|\)+$|:\d+$/g, '') as keyof SearchRecord;

const facets = (keep: RegExp): readonly string[] => SEARCH_SCHEMA.attributesForFaceting.filter((spec) => keep.test(spec)).map(attributeOf);
export const FACET_ATTRIBUTES = { counted: facets(/^(?!.*filterOnly\()/), filterable: facets(/./), searchable: facets(/searchable\(/) };
