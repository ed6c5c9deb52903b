import MiniSearch from 'minisearch';

import type { SearchRecord } from '#shared/content/types.ts';
import type { Query } from 'minisearch';

// The word rules live beside the MiniSearch index they mirror, so the highlighter marks a word exactly when it matched.

/** Runs of letters, digits and combining marks; everything else separates words, like Algolia's default separators. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;
const NON_ASCII = /\P{ASCII}/u;
const MEMO_LIMIT = 100_000;
const memo = new Map<string, string>();

/** One word of a text with its UTF-16 offsets; `term` is its normalized form. */
export interface Token {
  start: number;
  end: number;
  text: string;
  term: string;
}

export interface QueryWord {
  term: string;
  /** The last word matches as a prefix while the visitor types (Algolia's `prefixLast`). */
  isPrefix: boolean;
  /** 1 edit from 4 characters, 2 from 8 (Algolia's `minWordSizefor1Typo`/`for2Typos`). */
  maxTypos: number;
}

/** Case- and accent-insensitive form of a word: `Stühle` → `stuhle`, `Straße` → `strasse`. */
export function normalizeTerm(word: string): string {
  // Runs for every word indexed and highlighted: ASCII skips Unicode normalization, the rest is memoized.
  if (!NON_ASCII.test(word)) return word.toLowerCase();
  let term = memo.get(word);
  if (term === undefined) {
    term = word.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(/ß/g, 'ss');
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(word, term);
  }
  return term;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const term = normalizeTerm(match[0]);
    if (term) tokens.push({ start: match.index, end: match.index + match[0].length, text: match[0], term });
  }
  return tokens;
}

export function toQueryWords(query: string, typoTolerance = true): QueryWord[] {
  const terms = tokenize(query).map((token) => token.term);
  return terms.map((term, i) => {
    const length = typoTolerance ? [...term].length : 0;
    return { term, isPrefix: i === terms.length - 1, maxTypos: length >= 8 ? 2 : length >= 4 ? 1 : 0 };
  });
}

/** Levenshtein distance up to `max` (plain edits, as MiniSearch counts them); `max + 1` means "further". */
export function getEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** Leading characters of `term` the query word covers: all of it for exact and typo matches, the typed part for a prefix, 0 for no match. */
export function getMatchLength(word: QueryWord, term: string): number {
  if (term === word.term) return term.length;
  if (word.isPrefix && term.startsWith(word.term)) return word.term.length;
  if (word.maxTypos > 0 && getEditDistance(term, word.term, word.maxTypos) <= word.maxTypos) return term.length;
  return 0;
}

/** UTF-16 length of the part of `text` whose normalized form is `normalizedLength` long. */
export function toOriginalLength(text: string, normalizedLength: number): number {
  let covered = 0;
  let offset = 0;
  for (const char of text) {
    const length = normalizeTerm(char).length;
    // Combining marks normalize to nothing; they stay with the letter before them.
    if (covered >= normalizedLength && length > 0) break;
    covered += length;
    offset += char.length;
  }
  return offset;
}

/** Searchable attributes, most important first; also the default `attributesToHighlight`. */
export const SEARCHABLE_ATTRIBUTES = ['title', 'tags', 'summary', 'body'] as const;

/** Gaps wide enough that a prefix or typo match in the title (MiniSearch weighs those 0.375 / 0.45) outranks an exact match in a long body. */
const BOOST: Record<(typeof SEARCHABLE_ATTRIBUTES)[number], number> = { title: 12, tags: 6, summary: 3, body: 1 };

/** Expanding a 1–2 letter prefix over every body word costs hundreds of ms on a large index; titles are what one keystroke means. */
const SHORT_PREFIX_ATTRIBUTES: readonly string[] = ['title', 'tags'];
const MIN_PREFIX_LENGTH_EVERYWHERE = 3;

/** Whether the last query word may match `attribute` as a prefix (the highlighter follows the same rule). */
export function allowsPrefix(attribute: string, word: QueryWord): boolean {
  return word.isPrefix && (word.term.length >= MIN_PREFIX_LENGTH_EVERYWHERE || SHORT_PREFIX_ATTRIBUTES.includes(attribute));
}

/** Every word must match (AND), with its typo budget; the last one as a prefix per `allowsPrefix`. */
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

/** The records of one locale and their MiniSearch index. */
export type LocaleIndex = ReturnType<typeof createLocaleIndex>;

export function createLocaleIndex() {
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
    tokenize: (text) => text.match(WORD) ?? [],
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
    add(batch: readonly SearchRecord[]): void {
      for (const record of batch) remove(record.objectID);
      mini.addAll(batch);
      for (const record of batch) {
        records.set(record.objectID, record);
        byEntry.set(record.entryId, (byEntry.get(record.entryId) ?? new Set<string>()).add(record.objectID));
      }
      newestFirst = undefined;
    },
    /** Removes every record of these entries; returns how many went. */
    removeEntries(entryIds: Iterable<string>): number {
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
    /** Records matching every query word, with their relevance (higher is better). */
    search(words: readonly QueryWord[]): { record: SearchRecord; score: number }[] {
      if (words.length === 0) return [];
      return mini.search(toMiniSearchQuery(words), { boost: BOOST }).map((result) => ({ record: records.get(result.id as string)!, score: result.score }));
    },
    /** Every record, newest first: the answer to an empty query. */
    all(): SearchRecord[] {
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
