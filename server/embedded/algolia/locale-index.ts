import { createTermDictionary } from './term-dictionary.ts';
import { allowsPrefix, normalizeTerm, SEARCHABLE_ATTRIBUTES, tokenize, WORD } from './words.ts';

import type { SearchRecord } from '#shared/content/types.ts';
import type { QueryWord } from './words.ts';

/** Positions past this count as this one: a body chunk has about 200 words, and proximity only looks at neighbours. */
const MAX_POSITION = 1023;
const POSITIONS = MAX_POSITION + 1;
/** Algolia's proximity counts at most 8 per pair of query words (also for words in different attributes). */
const MAX_PROXIMITY = 8;
/** Records per locale index: the newest-first rank takes the low 21 bits of the ranking key. */
const NEWEST_RANKS = 2 ** 21;
/** Removed records stay in the postings (skipped at query time) until they outnumber the live ones. */
const MIN_DEAD_FOR_REBUILD = 1000;

/** The records of one locale and their inverted index: per term and attribute, `doc · 1024 + position` of each occurrence. */
export type LocaleIndex = ReturnType<typeof createLocaleIndex>;

export function createLocaleIndex() {
  const docs: (SearchRecord | undefined)[] = [];
  /** Normalized title and tags of each doc: Algolia's `exactOnSingleWordQuery: attribute` compares a one-word query with whole values. */
  const wholeValues: (string[] | undefined)[] = [];
  const docOf = new Map<string, number>();
  const byEntry = new Map<string, Set<string>>();
  const postings = new Map<string, number[][]>();
  const dictionary = createTermDictionary();
  let dead = 0;
  const scratch = createScratch();
  let newestFirst: { records: SearchRecord[]; rankOf: Int32Array } | undefined;
  const order = () => {
    if (newestFirst) return newestFirst;
    const records = docs.filter((record) => record !== undefined).sort(compareNewestFirst);
    const rankOf = new Int32Array(docs.length);
    records.forEach((record, rank) => (rankOf[docOf.get(record.objectID)!] = rank));
    return (newestFirst = { records, rankOf });
  };

  const index = (record: SearchRecord) => {
    const doc = docs.push(record) - 1;
    docOf.set(record.objectID, doc);
    wholeValues[doc] = [record.title, ...record.tags].map((value) =>
      tokenize(value)
        .map((token) => token.term)
        .join(' '),
    );
    SEARCHABLE_ATTRIBUTES.forEach((attribute, a) => {
      const value = record[attribute];
      const text = Array.isArray(value) ? value.join(' ') : value;
      let position = 0;
      for (const match of text.matchAll(WORD)) {
        const term = normalizeTerm(match[0]);
        if (!term) continue;
        let lists = postings.get(term);
        if (!lists) {
          postings.set(term, (lists = []));
          dictionary.add(term);
        }
        (lists[a] ??= []).push(doc * POSITIONS + Math.min(position++, MAX_POSITION));
      }
    });
  };

  const remove = (objectID: string) => {
    const doc = docOf.get(objectID);
    if (doc === undefined) return;
    const record = docs[doc]!;
    docs[doc] = undefined;
    wholeValues[doc] = undefined;
    docOf.delete(objectID);
    byEntry.get(record.entryId)?.delete(objectID);
    dead++;
  };

  const rebuild = () => {
    const live = docs.filter((record) => record !== undefined);
    docs.length = 0;
    wholeValues.length = 0;
    postings.clear();
    dictionary.clear();
    docOf.clear();
    dead = 0;
    live.forEach(index);
  };

  return {
    get size() {
      return docOf.size;
    },
    add(batch: readonly SearchRecord[]): void {
      if (docOf.size + batch.length > NEWEST_RANKS) throw new Error(`A search index holds at most ${NEWEST_RANKS} records`);
      for (const record of batch) remove(record.objectID);
      for (const record of batch) {
        index(record);
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
      if (dead >= MIN_DEAD_FOR_REBUILD && dead > docOf.size) rebuild();
      return removed;
    },
    /** The words with the terms each matches (`QueryWord.matches`), for `search` and the highlighter. */
    lookUp(words: readonly QueryWord[]): QueryWord[] {
      return words.map((word) => ({ ...word, matches: dictionary.expand(word), isIndexed: (term: string) => postings.has(term) }));
    },
    /** Records matching every query word and `keep`, in Algolia's tie-breaking order: typo, words, proximity, attribute, exact, then newest. */
    search(words: readonly QueryWord[], keep: (record: SearchRecord) => boolean): SearchRecord[] {
      if (words.length === 0) return [];
      const state = scratch.reset(docs.length);
      let matched: number[] = [];
      let previous = new Map<number, number[]>();
      for (const [w, word] of words.entries()) {
        const current: number[] = [];
        const positions = new Map<number, number[]>();
        for (const [term, match] of word.matches ?? dictionary.expand(word)) {
          postings.get(term)!.forEach((list, a) => {
            if (match.prefix && !allowsPrefix(SEARCHABLE_ATTRIBUTES[a]!, word)) return;
            const exact = match.typos === 0 && !match.prefix ? 1 : 0;
            for (const entry of list) {
              const doc = Math.floor(entry / POSITIONS);
              if (state.words[doc] !== w || !docs[doc]) continue;
              const position = entry % POSITIONS;
              if (state.seen[doc] !== w + 1) {
                state.seen[doc] = w + 1;
                state.wordTypos[doc] = match.typos;
                state.wordExact[doc] = exact;
                current.push(doc);
              } else {
                state.wordTypos[doc] = Math.min(state.wordTypos[doc]!, match.typos);
                state.wordExact[doc] ||= exact;
              }
              state.attribute[doc] = Math.min(state.attribute[doc]!, a * POSITIONS + (a === 0 ? position : 0));
              if (words.length > 1) (positions.get(doc) ?? positions.set(doc, []).get(doc)!).push(a * POSITIONS + position);
            }
          });
        }
        for (const doc of current) {
          state.words[doc] = w + 1;
          state.typos[doc] = state.typos[doc]! + state.wordTypos[doc]!;
          state.exact[doc] = state.exact[doc]! + state.wordExact[doc]!;
          if (w > 0) state.proximity[doc] = state.proximity[doc]! + getProximity(previous.get(doc)!, positions.get(doc)!);
        }
        matched = current;
        previous = positions;
      }
      const newest = order();
      const keys: number[] = [];
      for (const doc of matched) {
        if (keep(docs[doc]!)) keys.push(toRankingKey(state, doc, wholeValues[doc]!, words, newest.rankOf[doc]!));
      }
      // One number per record holds every criterion, so sorting compares numbers; its low bits are the record's newest-first rank.
      return Array.from(Float64Array.from(keys).sort(), (key) => newest.records[key % NEWEST_RANKS]!);
    },
    /** Every record, newest first: the answer to an empty query. */
    all: (): SearchRecord[] => order().records,
  };
}

function toRankingKey(state: Scratch, doc: number, wholeValues: readonly string[], words: readonly QueryWord[], newestRank: number): number {
  const exact = words.length === 1 ? (wholeValues.includes(words[0]!.term) ? 1 : 0) : state.exact[doc]!;
  // 5 + 6 + 12 + 5 + 21 bits: exact under 2^53. Beyond 31 typos, 63 proximity or 31 exact words (a 10-word query) ties count as equal.
  const criteria =
    ((Math.min(state.typos[doc]!, 31) * 64 + Math.min(state.proximity[doc]!, 63)) * 4096 + state.attribute[doc]!) * 32 + (31 - Math.min(exact, 31));
  return criteria * NEWEST_RANKS + newestRank;
}

type Scratch = ReturnType<ReturnType<typeof createScratch>['reset']>;

/**
 * Per-record counters of one query, in typed arrays reused across queries (an index answers one query at a time): no map or object per
 * matching record. `words`: query words the record matched so far; `seen`: the word that last touched it.
 */
function createScratch() {
  let size = 0;
  let arrays = allocate(0);
  function allocate(length: number) {
    // 16 bits: a 512-character query has at most 256 words.
    const counters = () => new Uint16Array(length);
    return {
      words: counters(),
      seen: counters(),
      wordTypos: counters(),
      wordExact: counters(),
      typos: counters(),
      exact: counters(),
      proximity: counters(),
      attribute: new Int32Array(length),
    };
  }
  return {
    reset(length: number) {
      if (length > size) [size, arrays] = [Math.max(length, size * 2), allocate(Math.max(length, size * 2))];
      arrays.words.fill(0, 0, length);
      arrays.seen.fill(0, 0, length);
      arrays.typos.fill(0, 0, length);
      arrays.exact.fill(0, 0, length);
      arrays.proximity.fill(0, 0, length);
      arrays.attribute.fill(SEARCHABLE_ATTRIBUTES.length * POSITIONS, 0, length);
      return arrays;
    },
  };
}

/** Smallest distance from an occurrence of one word to one of the next in the same attribute (1: neighbours in order; reversed costs one more). */
function getProximity(first: number[], second: number[]): number {
  first.sort((a, b) => a - b);
  second.sort((a, b) => a - b);
  let best = MAX_PROXIMITY;
  let j = 0;
  for (const a of first) {
    while (j < second.length && second[j]! < a) j++;
    for (const b of [second[j - 1], second[j]]) {
      if (b === undefined || Math.floor(a / POSITIONS) !== Math.floor(b / POSITIONS)) continue;
      best = Math.min(best, b > a ? b - a : a - b + 1);
    }
    if (best === 1) break;
  }
  return best;
}

/** Stable order for ties and empty queries: newest first, then by objectID. */
export function compareNewestFirst(a: SearchRecord, b: SearchRecord): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0;
}
