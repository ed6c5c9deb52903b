import { attributeOf, SEARCH_SCHEMA } from '#shared/search-schema.ts';

import { createFacetValues } from './facet-values.ts';
import { addProximity, createScratch, forEachEntry, MAX_POSITION, NEWEST_RANKS, POSITIONS, selectSmallest, toRankingKey } from './ranking.ts';
import { createTermDictionary } from './term-dictionary.ts';
import { allowsPrefix, normalizeTerm, ORDERED, SEARCHABLE_ATTRIBUTES, toTerms, toTexts, WORD } from './words.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { FacetCounts } from './facet-values.ts';
import type { QueryWord } from './words.ts';

/** `SHORT`: the attributes whose whole values make a one-word query `exact`. */
const [DISTINCT, SHORT] = [attributeOf(SEARCH_SCHEMA.attributeForDistinct), SEARCH_SCHEMA.shortAttributes.map(attributeOf)];

const MIN_DEAD_FOR_REBUILD = 1000;

export interface Hits {
  keys: Float64Array;
  docs: Int32Array;
}

/**
 * Per term and attribute, `doc · 1024 + position` of each occurrence. `distinct`, `countFacets` and `top` take a query's hits without sorting
 * them all. Hit arrays are views of buffers reused by the next query: use them before starting another.
 */
export type LocaleIndex = ReturnType<typeof createLocaleIndex>;

export function createLocaleIndex() {
  const docs: (SearchRecord | undefined)[] = [];
  /** Algolia's `exactOnSingleWordQuery: attribute` compares a one-word query with whole values. */
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

  const index = (record: SearchRecord) => {
    const doc = docs.push(record) - 1;
    docOf.set(record.objectID, doc);
    facets.add(record);
    const distinct = String(record[DISTINCT]);
    if (!entryNumbers.has(distinct)) entryNumbers.set(distinct, entryNumbers.size);
    entryOf[doc] = entryNumbers.get(distinct)!;
    wholeValues[doc] = SHORT.flatMap((attribute) => toTexts(record[attribute])).map((value) => toTerms(value).join(' '));
    SEARCHABLE_ATTRIBUTES.forEach((attribute, a) => {
      let position = 0;
      for (const match of toTexts(record[attribute]).join(' ').matchAll(WORD)) {
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
    /** Removed records stay in the postings (skipped at query time): once they outnumber the live ones, build a new index of `records()`. */
    get isWasteful() {
      return dead >= MIN_DEAD_FOR_REBUILD && dead > docOf.size;
    },
    records: () => docs.filter((record) => record !== undefined),
    lookUp(words: readonly QueryWord[]): QueryWord[] {
      return words.map((word) => ({ ...word, matches: dictionary.expand(word), isIndexed: (term: string) => postings.has(term) }));
    },
    /**
     * `words` from `lookUp`; ascending keys follow Algolia's tie-breaking order. A first pass finds the matching records with per-record counters,
     * rarest word first (the others then only look up the records still in the running); positions for proximity are collected in a second
     * pass, in query order, for those records only.
     */
    search(words: readonly QueryWord[], keep: (record: SearchRecord) => boolean): Hits {
      const state = scratch.reset(docs.length);
      const sources = words.map((word) => toSources(word, postings));
      const cost = sources.map((list) => list.reduce((sum, source) => sum + source.list.length, 0));
      let matched: number[] = [];
      for (const [step, w] of [...words.keys()].sort((a, b) => cost[a]! - cost[b]!).entries()) {
        const current: number[] = [];
        const candidates = step === 0 ? undefined : matched;
        for (const { list, a, typos, exact } of sources[w]!) {
          forEachEntry(list, candidates, (entry) => {
            const doc = Math.floor(entry / POSITIONS);
            if (state.words[doc] !== step || !docs[doc]) return;
            if (state.seen[doc] !== step + 1) {
              state.seen[doc] = step + 1;
              state.wordTypos[doc] = typos;
              state.wordExact[doc] = exact;
              current.push(doc);
            } else {
              state.wordTypos[doc] = Math.min(state.wordTypos[doc]!, typos);
              state.wordExact[doc] ||= exact;
            }
            state.attribute[doc] = Math.min(state.attribute[doc]!, a * POSITIONS + (ORDERED[a] ? entry % POSITIONS : 0));
          });
        }
        for (const doc of current) {
          state.words[doc] = step + 1;
          state.typos[doc] = state.typos[doc]! + state.wordTypos[doc]!;
          state.exact[doc] = state.exact[doc]! + state.wordExact[doc]!;
        }
        matched = current;
      }
      const kept = matched.filter((doc) => keep(docs[doc]!) || (state.words[doc] = 0));
      if (words.length > 1 && kept.length > 0) {
        // Occurrences of word `w` in the records that matched every word.
        addProximity(state, kept, words.length, (w, visit) => {
          for (const { list, a } of sources[w]!)
            forEachEntry(list, kept, (entry) => state.words[Math.floor(entry / POSITIONS)] === words.length && visit(entry, a));
        });
      }
      const newest = order();
      kept.forEach((doc, i) => {
        state.keys[i] = toRankingKey(state, doc, wholeValues[doc]!, words, newest.rankOf[doc]!);
        state.hitDocs[i] = doc;
      });
      return { keys: state.keys.subarray(0, kept.length), docs: state.hitDocs.subarray(0, kept.length) };
    },
    /** The answer to an empty query: a key is the newest-first rank. */
    all(keep: (record: SearchRecord) => boolean): Hits {
      const { records, docAt } = order();
      const { keys, hitDocs } = scratch.reset(docs.length, false);
      let count = 0;
      records.forEach((record, rank) => keep(record) && ((hitDocs[count] = docAt[rank]!), (keys[count++] = rank)));
      return { keys: keys.subarray(0, count), docs: hitDocs.subarray(0, count) };
    },
    distinct({ keys, docs: hitDocs }: Hits): Hits {
      const { grouped, groupedDocs, entries: touched, best, bestDoc } = scratch.reset(docs.length, false);
      let entries = 0;
      keys.forEach((key, i) => {
        const entry = entryOf[hitDocs[i]!]!;
        if (best[entry] === Infinity) touched[entries++] = entry;
        if (key < best[entry]!) {
          best[entry] = key;
          bestDoc[entry] = hitDocs[i]!;
        }
      });
      for (let i = 0; i < entries; i++) {
        const entry = touched[i]!;
        grouped[i] = best[entry]!;
        groupedDocs[i] = bestDoc[entry]!;
        best[entry] = Infinity;
      }
      return { keys: grouped.subarray(0, entries), docs: groupedDocs.subarray(0, entries) };
    },
    countFacets: (hits: Hits): ((facet: string) => FacetCounts) => facets.count(hits.docs),
    top(hits: Hits, k: number): SearchRecord[] {
      return Array.from(selectSmallest(hits.keys, k), (key) => newestFirst!.records[key % NEWEST_RANKS]!);
    },
  };
}

/** Per matched term, each attribute where the match counts (a short prefix only in titles and tags). */
function toSources(word: QueryWord, postings: ReadonlyMap<string, number[][]>) {
  const sources: { list: number[]; a: number; typos: number; exact: number }[] = [];
  for (const [term, match] of word.matches!) {
    postings.get(term)!.forEach((list, a) => {
      if (!match.prefix || allowsPrefix(SEARCHABLE_ATTRIBUTES[a]!, word))
        sources.push({ list, a, typos: match.typos, exact: match.typos === 0 && !match.prefix ? 1 : 0 });
    });
  }
  return sources;
}

const CUSTOM_RANKING = SEARCH_SCHEMA.customRanking.map((spec) => ({ attribute: attributeOf(spec), order: spec.startsWith('desc(') ? -1 : 1 }));

/** For ties and empty queries: the schema's `customRanking` (records without the value last), then objectID. */
export function compareNewestFirst(a: SearchRecord, b: SearchRecord): number {
  for (const { attribute, order } of CUSTOM_RANKING) {
    const [x, y] = [a[attribute] ?? null, b[attribute] ?? null];
    if (x !== y) return x === null ? 1 : y === null ? -1 : x < y ? -order : order;
  }
  return a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0;
}
