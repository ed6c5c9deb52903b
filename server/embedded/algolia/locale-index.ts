import MiniSearch from 'minisearch';

import { normalizeTerm, splitWords } from './text.ts';

import type { SearchRecord } from '#shared/content/types.ts';
import type { Query } from 'minisearch';
import type { QueryWord } from './text.ts';

/** Searchable attributes, most important first; also the default `attributesToHighlight`. */
export const SEARCHABLE_ATTRIBUTES = ['title', 'tags', 'summary', 'body'] as const;
export type SearchableAttribute = (typeof SEARCHABLE_ATTRIBUTES)[number];

/**
 * Attribute weights (title > tags > summary > body). The gaps are wide so a prefix or typo match in the title (MiniSearch weighs those 0.375 / 0.45) still
 * outranks an exact match in a long body.
 */
const BOOST: Record<SearchableAttribute, number> = { title: 12, tags: 6, summary: 3, body: 1 };

/**
 * A last word of one or two letters matches as a prefix only in these attributes (and exactly everywhere): expanding `w` over every body word costs hundreds
 * of milliseconds on a large index, and titles are what a visitor means after one keystroke.
 */
const SHORT_PREFIX_ATTRIBUTES: readonly SearchableAttribute[] = ['title', 'tags'];
const MIN_PREFIX_LENGTH_EVERYWHERE = 3;

/** Whether the last query word may match `attribute` as a prefix (the highlighter follows the same rule). */
export function allowsPrefix(attribute: string, word: QueryWord): boolean {
  return word.isPrefix && (word.term.length >= MIN_PREFIX_LENGTH_EVERYWHERE || (SHORT_PREFIX_ATTRIBUTES as readonly string[]).includes(attribute));
}

/** The MiniSearch query for the query words: every word must match (AND); typos per word; prefix per `allowsPrefix`. */
function toMiniSearchQuery(words: readonly QueryWord[]): Query {
  return {
    combineWith: 'AND',
    queries: words.map((word): Query => {
      const exactOrTypo = { queries: [word.term], prefix: false, fuzzy: word.maxTypos || false };
      if (!word.isPrefix) return exactOrTypo;
      if (word.term.length >= MIN_PREFIX_LENGTH_EVERYWHERE) return { ...exactOrTypo, prefix: true };
      return { combineWith: 'OR', queries: [exactOrTypo, { queries: [word.term], prefix: true, fields: [...SHORT_PREFIX_ATTRIBUTES] }] };
    }),
  };
}

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
  /** Records matching every query word (see `toMiniSearchQuery`), best first. */
  search(words: readonly QueryWord[]): ScoredRecord[];
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
    search(words) {
      if (words.length === 0) return [];
      const results = mini.search(toMiniSearchQuery(words), { boost: BOOST });
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
