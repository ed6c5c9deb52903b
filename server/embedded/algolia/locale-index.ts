import { createTermDictionary } from './term-dictionary.ts';
import { allowsPrefix, normalizeTerm, SEARCHABLE_ATTRIBUTES, tokenize, WORD } from './words.ts';

import type { SearchRecord } from '#shared/content/types.ts';
import type { QueryWord } from './words.ts';

/** Positions past this count as this one: a body chunk has about 200 words, and proximity only looks at neighbours. */
const MAX_POSITION = 1023;
const POSITIONS = MAX_POSITION + 1;
/** Algolia's proximity counts at most 8 per pair of query words (also for words in different attributes). */
const MAX_PROXIMITY = 8;
/** Removed records stay in the postings (skipped at query time) until they outnumber the live ones. */
const MIN_DEAD_FOR_REBUILD = 1000;

/** What one query word matched in one record: the criteria Algolia ranks by. */
interface WordHit {
  typos: number;
  /** Matched as a whole word without typos. */
  exact: boolean;
  /** Best attribute (index · 1024), plus the word's position in the title: Algolia's `attribute`, title being an ordered attribute. */
  attribute: number;
  /** attribute · 1024 + position of every occurrence (only kept for proximity when the query has several words). */
  positions: number[];
}

interface Ranked {
  record: SearchRecord;
  typos: number;
  proximity: number;
  attribute: number;
  exact: number;
}

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
  let newestFirst: SearchRecord[] | undefined;

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
    /** Records matching every query word and `keep`, in Algolia's tie-breaking order: typo, words, proximity, attribute, exact, then newest. */
    search(words: readonly QueryWord[], keep: (record: SearchRecord) => boolean): SearchRecord[] {
      if (words.length === 0) return [];
      const withPositions = words.length > 1;
      let hits: Map<number, WordHit[]> | undefined;
      for (const [w, word] of words.entries()) {
        const next = new Map<number, WordHit[]>();
        for (const [term, match] of dictionary.expand(word)) {
          const lists = postings.get(term)!;
          lists.forEach((list, a) => {
            if (match.prefix && !allowsPrefix(SEARCHABLE_ATTRIBUTES[a]!, word)) return;
            for (const entry of list) {
              const doc = Math.floor(entry / POSITIONS);
              const before = hits?.get(doc);
              if ((hits && !before) || !docs[doc]) continue;
              const position = entry % POSITIONS;
              let perWord = next.get(doc);
              if (!perWord) next.set(doc, (perWord = before ? [...before] : []));
              const hit = (perWord[w] ??= { typos: match.typos, exact: false, attribute: Number.MAX_SAFE_INTEGER, positions: [] });
              hit.typos = Math.min(hit.typos, match.typos);
              hit.exact ||= match.typos === 0 && !match.prefix;
              hit.attribute = Math.min(hit.attribute, a * POSITIONS + (a === 0 ? position : 0));
              if (withPositions) hit.positions.push(a * POSITIONS + position);
            }
          });
        }
        hits = next;
      }
      const ranked: Ranked[] = [];
      for (const [doc, perWord] of hits!) {
        const record = docs[doc]!;
        if (keep(record)) ranked.push(rank(record, perWord, wholeValues[doc]!, words));
      }
      return ranked.sort(compareRanked).map(({ record }) => record);
    },
    /** Every record, newest first: the answer to an empty query. */
    all(): SearchRecord[] {
      newestFirst ??= docs.filter((record) => record !== undefined).sort(compareNewestFirst);
      return newestFirst;
    },
  };
}

function rank(record: SearchRecord, perWord: readonly WordHit[], wholeValues: readonly string[], words: readonly QueryWord[]): Ranked {
  let typos = 0;
  let proximity = 0;
  let attribute = Number.MAX_SAFE_INTEGER;
  let exact = 0;
  perWord.forEach((hit, w) => {
    typos += hit.typos;
    attribute = Math.min(attribute, hit.attribute);
    if (hit.exact) exact++;
    if (w > 0) proximity += getProximity(perWord[w - 1]!.positions, hit.positions);
  });
  if (words.length === 1) exact = wholeValues.includes(words[0]!.term) ? 1 : 0;
  return { record, typos, proximity, attribute, exact };
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

function compareRanked(a: Ranked, b: Ranked): number {
  return a.typos - b.typos || a.proximity - b.proximity || a.attribute - b.attribute || b.exact - a.exact || compareNewestFirst(a.record, b.record);
}

/** Stable order for ties and empty queries: newest first, then by objectID. */
export function compareNewestFirst(a: SearchRecord, b: SearchRecord): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0;
}
