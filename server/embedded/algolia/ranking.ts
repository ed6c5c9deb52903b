import { partitionPoint } from './term-dictionary.ts';
import { SEARCHABLE_ATTRIBUTES } from './words.ts';

import type { QueryWord } from './words.ts';

/** Positions past this count as this one: a body chunk has about 200 words, and proximity only looks at neighbours. */
export const MAX_POSITION = 1023;
export const POSITIONS = MAX_POSITION + 1;
/** The `attribute` criterion is `attribute · 1024 + position` (position only in an ordered attribute); this value means none matched. */
const ATTRIBUTES = SEARCHABLE_ATTRIBUTES.length * POSITIONS;
/** The newest-first rank takes the low 21 bits of the ranking key. */
export const NEWEST_RANKS = 2 ** 21;
/** Algolia's proximity counts at most 8 per pair of query words (also for words in different attributes). */
const MAX_PROXIMITY = 8;

export type Scratch = ReturnType<ReturnType<typeof createScratch>['reset']>;

/**
 * Per-record counters and hit buffers of one query, reused across queries (an index answers one at a time): no object per matching record.
 * `words`: query words the record matched so far; `seen`: the word that last touched it. `grouped*`, `entries`, `best*` serve `distinct`.
 */
export function createScratch() {
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
      keys: new Float64Array(length),
      hitDocs: new Int32Array(length),
      grouped: new Float64Array(length),
      groupedDocs: new Int32Array(length),
      entries: new Int32Array(length),
      best: new Float64Array(length).fill(Infinity),
      bestDoc: new Int32Array(length),
    };
  }
  return {
    /** Counters are zeroed only for a query that matches words. */
    reset(length: number, counters = true) {
      if (length > size) [size, arrays] = [Math.max(length, size * 2), allocate(Math.max(length, size * 2))];
      if (!counters) return arrays;
      for (const counter of [arrays.words, arrays.seen, arrays.typos, arrays.exact, arrays.proximity]) counter.fill(0, 0, length);
      arrays.attribute.fill(ATTRIBUTES, 0, length);
      return arrays;
    },
  };
}

export function toRankingKey(state: Scratch, doc: number, wholeValues: readonly string[], words: readonly QueryWord[], newestRank: number): number {
  // A title or tag equal to the one word is an exact match of it: records without one skip the comparison.
  const exact = words.length === 1 ? (state.exact[doc] && wholeValues.includes(words[0]!.term) ? 1 : 0) : state.exact[doc]!;
  // 5 + 6 + 12 (4 attributes; at most 16 bits, 64 attributes) + 5 + 21 bits: exact under 2^53.
  // Beyond 31 typos, 63 proximity or 31 exact words (a 10-word query) ties count as equal.
  const criteria =
    ((Math.min(state.typos[doc]!, 31) * 64 + Math.min(state.proximity[doc]!, 63)) * ATTRIBUTES + state.attribute[doc]!) * 32 + (31 - Math.min(exact, 31));
  return criteria * NEWEST_RANKS + newestRank;
}

/** Sums, per record, the proximity of each pair of neighbouring query words. */
export function addProximity(
  state: Scratch,
  docs: readonly number[],
  wordCount: number,
  forEachOccurrence: (w: number, visit: (entry: number, a: number) => void) => void,
): void {
  let previous: Map<number, number[]> | undefined;
  for (let w = 0; w < wordCount; w++) {
    const positions = new Map<number, number[]>();
    forEachOccurrence(w, (entry, a) => {
      const doc = Math.floor(entry / POSITIONS);
      (positions.get(doc) ?? positions.set(doc, []).get(doc)!).push(a * POSITIONS + (entry % POSITIONS));
    });
    if (previous) for (const doc of docs) state.proximity[doc] = state.proximity[doc]! + getProximity(previous.get(doc)!, positions.get(doc)!);
    previous = positions;
  }
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

/**
 * The entries of a posting list (sorted: records are only ever appended) that belong to `candidates`, or all: by binary search per candidate
 * when they are few next to the list (a common word after a rare one), else in one scan.
 */
export function forEachEntry(list: readonly number[], candidates: readonly number[] | undefined, visit: (entry: number) => void): void {
  if (!candidates || candidates.length * 16 >= list.length) {
    for (const entry of list) visit(entry);
    return;
  }
  for (const doc of candidates) {
    const end = (doc + 1) * POSITIONS;
    for (let i = partitionPoint(0, list.length, (at) => list[at]! < doc * POSITIONS); i < list.length && list[i]! < end; i++) visit(list[i]!);
  }
}

/** A max-heap of `k` over one pass: a page of 20 out of 10,000 hits costs about 10,000 comparisons instead of a full sort. Keys are unique. */
export function selectSmallest(keys: Float64Array, k: number): Float64Array {
  if (k >= keys.length) return keys.slice().sort();
  if (k <= 0) return new Float64Array(0);
  const heap = keys.slice(0, k);
  for (let i = (k >> 1) - 1; i >= 0; i--) siftDown(heap, i, heap[i]!);
  for (let i = k; i < keys.length; i++) if (keys[i]! < heap[0]!) siftDown(heap, 0, keys[i]!);
  return heap.sort();
}

function siftDown(heap: Float64Array, i: number, key: number): void {
  const n = heap.length;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && heap[child + 1]! > heap[child]!) child++;
    if (heap[child]! <= key) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = key;
}
