import MiniSearch from 'minisearch';

import { getTypoBudget, normalizeTerm, splitWords } from './text.ts';

import type { SearchRecord } from '#shared/content/types.ts';

/** Searchable attributes, most important first; also the default `attributesToHighlight`. */
export const SEARCHABLE_ATTRIBUTES = ['title', 'tags', 'summary', 'body'] as const;
export type SearchableAttribute = (typeof SEARCHABLE_ATTRIBUTES)[number];

/**
 * Attribute weights (title > tags > summary > body). The gaps are wide so a
 * prefix or typo match in the title (MiniSearch weighs those 0.375 / 0.45)
 * still outranks an exact match in a long body.
 */
const BOOST: Record<SearchableAttribute, number> = { title: 12, tags: 6, summary: 3, body: 1 };

/** A record that matched, with its relevance (higher is better). */
export interface ScoredRecord {
  record: SearchRecord;
  score: number;
}

/** The records of one locale and their MiniSearch index. */
export interface LocaleIndex {
  readonly size: number;
  add(records: readonly SearchRecord[]): void;
  /** Removes every record of these entries; returns how many went. */
  removeEntries(entryIds: Iterable<string>): number;
  /** Records matching every query word (prefix on the last, typos by length), best first. */
  search(query: string, options: { typoTolerance: boolean }): ScoredRecord[];
  /** Every record, newest first: the answer to an empty query. */
  all(): SearchRecord[];
}

export function createLocaleIndex(): LocaleIndex {
  const records = new Map<string, SearchRecord>();
  const byEntry = new Map<string, Set<string>>();
  let newestFirst: SearchRecord[] | undefined;
  const mini = new MiniSearch<SearchRecord>({
    idField: 'objectID',
    fields: [...SEARCHABLE_ATTRIBUTES],
    extractField: (record, field) => {
      const value = record[field as keyof SearchRecord];
      return Array.isArray(value) ? value.join(' ') : String(value ?? '');
    },
    tokenize: splitWords,
    processTerm: (term) => normalizeTerm(term) || null,
  });

  const remove = (objectID: string) => {
    const record = records.get(objectID);
    if (!record) return;
    mini.remove(record);
    records.delete(objectID);
    byEntry.get(record.entryId)?.delete(objectID);
  };

  return {
    get size() {
      return records.size;
    },
    add(batch) {
      for (const record of batch) remove(record.objectID);
      mini.addAll(batch);
      for (const record of batch) {
        records.set(record.objectID, record);
        const ids = byEntry.get(record.entryId) ?? new Set<string>();
        ids.add(record.objectID);
        byEntry.set(record.entryId, ids);
      }
      newestFirst = undefined;
    },
    removeEntries(entryIds) {
      let removed = 0;
      for (const entryId of entryIds) {
        for (const objectID of byEntry.get(entryId) ?? []) {
          remove(objectID);
          removed++;
        }
        byEntry.delete(entryId);
      }
      if (removed > 0) newestFirst = undefined;
      return removed;
    },
    search(query, { typoTolerance }) {
      const results = mini.search(query, {
        boost: BOOST,
        combineWith: 'AND',
        prefix: (_term, i, terms) => i === terms.length - 1,
        fuzzy: (term) => getTypoBudget(term, typoTolerance) || false,
      });
      return results.map((result) => ({ record: records.get(result.id as string)!, score: result.score }));
    },
    all() {
      newestFirst ??= [...records.values()].sort(compareNewestFirst);
      return newestFirst;
    },
  };
}

/** Stable order for ties and empty queries: newest first, then by objectID. */
export function compareNewestFirst(a: SearchRecord, b: SearchRecord): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0;
}
