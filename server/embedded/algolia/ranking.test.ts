import { describe, expect, it } from 'vitest';

import { createSyntheticRecords } from '../../../tests/fixtures/search/synthetic-records.ts';
import { createEmbeddedSearchEngine } from './engine.ts';
import { toFacetFilterPredicate } from './facets.ts';
import { compareNewestFirst } from './locale-index.ts';
import { parseQuery } from './query-params.ts';
import { selectSmallest } from './ranking.ts';
import { referenceMatch as matchWord } from './test-word-rule.ts';
import { allowsPrefix, SEARCHABLE_ATTRIBUTES, tokenize, toQueryWords } from './words.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchResult } from './engine.ts';
import type { QueryWord } from './words.ts';

/** mulberry32, so a failure names a query that fails again. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('selectSmallest', () => {
  it('returns the k smallest keys in order, as a full sort does', () => {
    const random = createRandom(1);
    for (const length of [0, 1, 2, 7, 100, 1000]) {
      const keys = Float64Array.from({ length }, () => Math.floor(random() * 2 ** 40));
      for (const k of [0, 1, 3, 20, length - 1, length, length + 5]) {
        expect([...selectSmallest(keys, k)], `${k} of ${length}`).toEqual([...keys.slice().sort().slice(0, Math.max(0, k))]);
      }
    }
  });
});

/** Entries of one to three chunks, so `distinct` has something to do; tags repeat within a record now and then. */
const records: SearchRecord[] = createSyntheticRecords(900).map((record, i) => ({ ...record, entryId: `e-${Math.floor(i / 3) + (i % 7 === 0 ? 1000 : 0)}` }));

/** Per record, each term's occurrences as `attribute · 1024 + position`, positions counted per attribute like the index. */
const toOccurrences = (record: SearchRecord) => {
  const occurrences = new Map<string, number[]>();
  SEARCHABLE_ATTRIBUTES.forEach((attribute, a) =>
    tokenize([record[attribute]].flat().join(' ')).forEach((token, position) =>
      (occurrences.get(token.term) ?? occurrences.set(token.term, []).get(token.term)!).push(a * 1024 + Math.min(position, 1023)),
    ),
  );
  return occurrences;
};
const occurrencesOf = new Map(records.map((record) => [record, toOccurrences(record)]));

/**
 * Algolia's tie-breaking computed the slow way, record by record from the word rule (no index, no packed keys): typos, proximity, attribute,
 * exact, newest. Returns the records that match every word, best first.
 */
function rankByBruteForce(
  live: readonly SearchRecord[],
  vocabulary: readonly string[],
  words: readonly QueryWord[],
  keep: (record: SearchRecord) => boolean,
): SearchRecord[] {
  const matchesOf = words.map((word) => vocabulary.flatMap((term) => (matchWord(word, term) ? [[term, matchWord(word, term)!] as const] : [])));
  const newest = [...live].sort(compareNewestFirst);
  const ranked = newest.flatMap((record, rank) => {
    let [typos, proximity, attribute, exact] = [0, 0, 4096, 0];
    let previous: number[] | undefined;
    for (const [w, word] of words.entries()) {
      const found: { typos: number; exact: boolean; at: number }[] = [];
      for (const [term, match] of matchesOf[w]!) {
        for (const at of occurrencesOf.get(record)!.get(term) ?? []) {
          const a = Math.floor(at / 1024);
          if (match.prefix && !allowsPrefix(SEARCHABLE_ATTRIBUTES[a]!, word)) continue;
          found.push({ typos: match.typos, exact: match.typos === 0 && !match.prefix, at });
          attribute = Math.min(attribute, a === 0 ? at : a * 1024);
        }
      }
      if (found.length === 0) return [];
      typos += Math.min(...found.map((f) => f.typos));
      exact += found.some((f) => f.exact) ? 1 : 0;
      const at = found.map((f) => f.at);
      if (previous) {
        const pairs = previous.flatMap((p) => at.filter((q) => Math.floor(p / 1024) === Math.floor(q / 1024)).map((q) => (q > p ? q - p : p - q + 1)));
        proximity += Math.min(8, ...pairs);
      }
      previous = at;
    }
    if (!keep(record)) return [];
    if (words.length === 1) {
      const whole = [record.title, ...record.tags].map((value) =>
        tokenize(value)
          .map((token) => token.term)
          .join(' '),
      );
      exact = whole.includes(words[0]!.term) ? 1 : 0;
    }
    return [{ record, criteria: [Math.min(typos, 31), Math.min(proximity, 63), attribute, -Math.min(exact, 31), rank] }];
  });
  const compare = (a: number[], b: number[]) => a.reduce((order, value, i) => order || value - b[i]!, 0);
  return ranked.sort((a, b) => compare(a.criteria, b.criteria)).map(({ record }) => record);
}

function countByBruteForce(hits: readonly SearchRecord[], facet: 'type' | 'tags'): Record<string, number> {
  const counts = new Map<string, number>();
  for (const hit of hits) for (const value of new Set([hit[facet]].flat())) counts.set(value, (counts.get(value) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)));
}

describe('the engine’s ranking, distinct, facets and pages against a brute-force reference', () => {
  it('agrees on 200 random queries (typos, swaps, prefixes, several words, filters, pages), before and after updates', () => {
    const random = createRandom(16);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const toVocabulary = () => [...new Set([...occurrencesOf.values()].flatMap((occurrences) => [...occurrences.keys()]))];
    let vocabulary = toVocabulary();
    const typo = (term: string) => {
      const i = Math.floor(random() * (term.length - 1));
      const roll = random();
      if (roll < 0.3) return term.slice(0, i) + term.slice(i + 1, i + 2) + term.slice(i, i + 1) + term.slice(i + 2);
      return roll < 0.5 ? term.slice(0, i) + 'e' + term.slice(i + 1) : roll < 0.7 ? term.slice(0, Math.max(1, i)) : term;
    };
    const engine = createEmbeddedSearchEngine({ indexPrefix: 'v', records, cacheMaxHits: 0 });
    let live = records;
    let withSeveralHits = 0;
    for (let q = 0; q < 200; q++) {
      if (q === 100) {
        const changed = records.slice(30, 60).map((record) => ({ ...record, title: `${record.title} Lamp`, updatedAt: '2031-01-01T00:00:00.000Z' }));
        engine.removeRecords(records.slice(0, 30).map((record) => record.entryId));
        engine.updateRecords(changed);
        const gone = new Set(records.slice(0, 60).map((record) => record.entryId));
        live = [
          ...records.filter((record) => !gone.has(record.entryId)),
          ...changed.filter((record) => !records.slice(0, 30).some((r) => r.entryId === record.entryId)),
        ];
        occurrencesOf.clear();
        live.forEach((record) => occurrencesOf.set(record, toOccurrences(record)));
        vocabulary = toVocabulary();
      }
      // Words of one record, so that several words still meet somewhere.
      const terms = [...occurrencesOf.get(pick(live))!.keys()];
      const query = Array.from({ length: 1 + Math.floor(random() * 3) }, () => typo(pick(random() < 0.8 ? terms : vocabulary))).join(' ');
      const [page, hitsPerPage, distinct, facetingAfterDistinct] = [pick([0, 0, 1, 4]), pick([1, 5, 20, 60]), random() < 0.7, random() < 0.7];
      const facetFilters = random() < 0.3 ? [[`tags:${pick(['Seating', 'Tables', 'Office'])}`, 'tags:Design'], 'type:-article'] : undefined;
      const params = { indexName: 'v_en-US', query, page, hitsPerPage, distinct, facetingAfterDistinct, facets: ['type', 'tags'], facetFilters };
      const result = engine.search(parseQuery(params, 512)) as SearchResult;

      const all = rankByBruteForce(live, vocabulary, toQueryWords(query), toFacetFilterPredicate(facetFilters));
      const seen = new Set<string>();
      const grouped = distinct ? all.filter((record) => !seen.has(record.entryId) && seen.add(record.entryId)) : all;
      const faceted = facetingAfterDistinct ? grouped : all;
      const expected = {
        nbHits: grouped.length,
        page: grouped.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((record) => record.objectID),
        facets: Object.fromEntries((['type', 'tags'] as const).flatMap((facet) => (faceted.length > 0 ? [[facet, countByBruteForce(faceted, facet)]] : []))),
      };
      if (grouped.length > 1) withSeveralHits++;
      expect({ nbHits: result.nbHits, page: result.hits.map((hit) => hit.objectID), facets: result.facets }, JSON.stringify(params)).toEqual(expected);
    }
    // Half the queries rank several hits (the rest find one or none, also compared), or the comparison would say little.
    expect(withSeveralHits).toBeGreaterThan(90);
  }, 30_000);
});
