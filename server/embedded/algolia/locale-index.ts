import { createFacetValues } from './facet-values.ts';
import { addProximity, createScratch, MAX_POSITION, NEWEST_RANKS, POSITIONS, selectSmallest, toRankingKey } from './ranking.ts';
import { createTermDictionary } from './term-dictionary.ts';
import { allowsPrefix, normalizeTerm, SEARCHABLE_ATTRIBUTES, tokenize, WORD } from './words.ts';

import type { SearchRecord } from '#shared/content/types.ts';
import type { FacetCounts } from './facet-values.ts';
import type { QueryWord } from './words.ts';

/** Removed records stay in the postings (skipped at query time) until they outnumber the live ones. */
const MIN_DEAD_FOR_REBUILD = 1000;

/**
 * The records of one locale and their inverted index: per term and attribute, `doc · 1024 + position` of each occurrence. A query's hits are
 * ranking keys (`search`, `all`); `distinct`, `countFacets` and `top` take them without sorting them all. Hit arrays are views of buffers
 * reused by the next query: use them before starting another.
 */
export type LocaleIndex = ReturnType<typeof createLocaleIndex>;

export function createLocaleIndex() {
  const docs: (SearchRecord | undefined)[] = [];
  /** Normalized title and tags of each doc: Algolia's `exactOnSingleWordQuery: attribute` compares a one-word query with whole values. */
  const wholeValues: (string[] | undefined)[] = [];
  const docOf = new Map<string, number>();
  const byEntry = new Map<string, Set<string>>();
  const postings = new Map<string, number[][]>();
  const dictionary = createTermDictionary();
  const facets = createFacetValues();
  /** A small number per entry for `distinct`, kept until a rebuild. */
  const entryNumbers = new Map<string, number>();
  const entryOf: number[] = [];
  let dead = 0;
  const scratch = createScratch();
  let newestFirst: { records: SearchRecord[]; rankOf: Int32Array; docAt: Int32Array } | undefined;
  const order = () => {
    if (newestFirst) return newestFirst;
    const records = docs.filter((record) => record !== undefined).sort(compareNewestFirst);
    const rankOf = new Int32Array(docs.length);
    const docAt = new Int32Array(records.length);
    records.forEach((record, rank) => (rankOf[(docAt[rank] = docOf.get(record.objectID)!)] = rank));
    return (newestFirst = { records, rankOf, docAt });
  };
  const docOfKey = (key: number) => newestFirst!.docAt[key % NEWEST_RANKS]!;

  const index = (record: SearchRecord) => {
    const doc = docs.push(record) - 1;
    docOf.set(record.objectID, doc);
    facets.add(doc, record);
    if (!entryNumbers.has(record.entryId)) entryNumbers.set(record.entryId, entryNumbers.size);
    entryOf[doc] = entryNumbers.get(record.entryId)!;
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
    facets.clear();
    entryNumbers.clear();
    entryOf.length = 0;
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
    /**
     * Ranking keys of the records matching every query word and `keep`, unordered; ascending keys follow Algolia's tie-breaking order. A first pass
     * finds the matching records with per-record counters, rarest word first (the others then only touch records still in the running);
     * positions for proximity are collected in a second pass, in query order, for those records only.
     */
    search(words: readonly QueryWord[], keep: (record: SearchRecord) => boolean): Float64Array {
      if (words.length === 0) return new Float64Array(0);
      const state = scratch.reset(docs.length);
      const sources = words.map((word) => toSources(word, postings, dictionary));
      /** Calls `visit` for each occurrence of a term word `w` matches, in a live record that matched `required` words so far. */
      const forEachOccurrence = (w: number, required: number, visit: (doc: number, a: number, position: number, typos: number, exact: number) => void) => {
        for (const { list, a, typos, exact } of sources[w]!) {
          for (const entry of list) {
            const doc = Math.floor(entry / POSITIONS);
            if (state.words[doc] === required && docs[doc]) visit(doc, a, entry % POSITIONS, typos, exact);
          }
        }
      };
      const cost = sources.map((list) => list.reduce((sum, source) => sum + source.list.length, 0));
      let matched: number[] = [];
      for (const [step, w] of [...words.keys()].sort((a, b) => cost[a]! - cost[b]!).entries()) {
        const current: number[] = [];
        forEachOccurrence(w, step, (doc, a, position, typos, exact) => {
          if (state.seen[doc] !== step + 1) {
            state.seen[doc] = step + 1;
            state.wordTypos[doc] = typos;
            state.wordExact[doc] = exact;
            current.push(doc);
          } else {
            state.wordTypos[doc] = Math.min(state.wordTypos[doc]!, typos);
            state.wordExact[doc] ||= exact;
          }
          state.attribute[doc] = Math.min(state.attribute[doc]!, a * POSITIONS + (a === 0 ? position : 0));
        });
        for (const doc of current) {
          state.words[doc] = step + 1;
          state.typos[doc] = state.typos[doc]! + state.wordTypos[doc]!;
          state.exact[doc] = state.exact[doc]! + state.wordExact[doc]!;
        }
        matched = current;
      }
      const kept = matched.filter((doc) => keep(docs[doc]!) || (state.words[doc] = 0));
      if (words.length > 1 && kept.length > 0) addProximity(state, kept, words.length, (w, visit) => forEachOccurrence(w, words.length, visit));
      const newest = order();
      kept.forEach((doc, i) => (state.keys[i] = toRankingKey(state, doc, wholeValues[doc]!, words, newest.rankOf[doc]!)));
      return state.keys.subarray(0, kept.length);
    },
    /** Every record passing `keep` (the answer to an empty query): its key is its newest-first rank. */
    all(keep: (record: SearchRecord) => boolean): Float64Array {
      const { records } = order();
      const { keys } = scratch.reset(docs.length, false);
      let count = 0;
      records.forEach((record, rank) => keep(record) && (keys[count++] = rank));
      return keys.subarray(0, count);
    },
    /** `distinct` on `entryId`: the best (lowest) key of each entry, unordered. */
    distinct(keys: Float64Array): Float64Array {
      const { grouped, docs: touched, best } = scratch.reset(docs.length, false);
      let entries = 0;
      for (const key of keys) {
        const entry = entryOf[docOfKey(key)]!;
        if (best[entry] === Infinity) touched[entries++] = entry;
        if (key < best[entry]!) best[entry] = key;
      }
      for (let i = 0; i < entries; i++) {
        grouped[i] = best[touched[i]!]!;
        best[touched[i]!] = Infinity;
      }
      return grouped.subarray(0, entries);
    },
    /** Facet value counts over these hits (see `createFacetValues`). */
    countFacets(keys: Float64Array): (facet: string) => FacetCounts {
      const { docs: hitDocs } = scratch.reset(docs.length, false);
      keys.forEach((key, i) => (hitDocs[i] = docOfKey(key)));
      return facets.count(hitDocs.subarray(0, keys.length));
    },
    /** The `k` best hits, best first. */
    top(keys: Float64Array, k: number): SearchRecord[] {
      return Array.from(selectSmallest(keys, k), (key) => newestFirst!.records[key % NEWEST_RANKS]!);
    },
  };
}

/** The posting lists a query word reads: per matched term, each attribute where the match counts (a short prefix only in titles and tags). */
function toSources(word: QueryWord, postings: ReadonlyMap<string, number[][]>, dictionary: ReturnType<typeof createTermDictionary>) {
  const sources: { list: number[]; a: number; typos: number; exact: number }[] = [];
  for (const [term, match] of word.matches ?? dictionary.expand(word)) {
    postings.get(term)!.forEach((list, a) => {
      if (!match.prefix || allowsPrefix(SEARCHABLE_ATTRIBUTES[a]!, word))
        sources.push({ list, a, typos: match.typos, exact: match.typos === 0 && !match.prefix ? 1 : 0 });
    });
  }
  return sources;
}

/** Stable order for ties and empty queries: newest first, then by objectID. */
export function compareNewestFirst(a: SearchRecord, b: SearchRecord): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0;
}
