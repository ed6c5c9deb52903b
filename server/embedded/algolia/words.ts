// The word rules shared by the index and the highlighter, so a word is marked exactly when it matched.
import { attributeOf, SEARCH_SCHEMA } from '#shared/search-schema.ts';

import { matchTerms } from './term-dictionary.ts';

import type { QueryWord, WordMatch } from './term-dictionary.ts';

export type { QueryWord, WordMatch } from './term-dictionary.ts';

/** Runs of letters, digits and combining marks; everything else separates words, like Algolia's default separators. */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;
const NON_ASCII = /\P{ASCII}/u;
const MEMO_LIMIT = 100_000;
const memo = new Map<string, string>();

/** `Stühle` → `stuhle`, `Straße` → `strasse`. */
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

export const tokenize = (text: string) =>
  Array.from(text.matchAll(WORD), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
    term: normalizeTerm(match[0]),
  })).filter((token) => token.term !== '');
export type Token = ReturnType<typeof tokenize>[number];

export const toTerms = (text: string): string[] => tokenize(text).map((token) => token.term);

/** Longer words match exactly: a typo budget over a 500-letter "word" would only cost CPU. */
const MAX_TYPO_WORD_LENGTH = 64;

export function toQueryWords(query: string, typoTolerance = true): QueryWord[] {
  const terms = toTerms(query);
  return terms.map((term, i) => {
    const length = typoTolerance && term.length <= MAX_TYPO_WORD_LENGTH ? [...term].length : 0;
    return { term, isPrefix: i === terms.length - 1, maxTypos: length >= 8 ? 2 : length >= 4 ? 1 : 0 };
  });
}

/** The one match rule (term-dictionary.ts), for a term outside the index. */
export const matchWord = (word: QueryWord, term: string): WordMatch | undefined => matchTerms([term], word).get(term);

/** Leading characters of `term` to highlight (0: no match). */
export function getMatchLength(word: QueryWord, term: string, isIndexed = word.isIndexed?.(term) ?? false): number {
  const match = word.matches && isIndexed ? word.matches.get(term) : matchWord(word, term);
  // The last word where a prefix does not count (allowsPrefix) arrives with `isPrefix: false` and the index's prefix matches.
  if (!match || (match.prefix && !word.isPrefix)) return 0;
  return match.prefix ? Math.min(term.length, word.term.length) : term.length;
}

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

/** Most important first; also the default `attributesToHighlight`. `ORDERED`: a word's position in it counts. */
export const SEARCHABLE_ATTRIBUTES = SEARCH_SCHEMA.searchableAttributes.map(attributeOf);
export const ORDERED = SEARCH_SCHEMA.searchableAttributes.map((spec) => !spec.startsWith('unordered('));

/** What Algolia indexes of a value: scalars as text, arrays and objects value by value. */
export function toTexts(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  return typeof value === 'object' ? Object.values(value).flatMap(toTexts) : [String(value)];
}

/** Expanding a 1–2 letter prefix over every body word costs hundreds of ms on a large index; titles are what one keystroke means. */
const SHORT_PREFIX_ATTRIBUTES = new Set<string>(SEARCH_SCHEMA.shortAttributes);
const MIN_PREFIX_LENGTH_EVERYWHERE = 3;

export function allowsPrefix(attribute: string, word: QueryWord): boolean {
  return word.isPrefix && (word.term.length >= MIN_PREFIX_LENGTH_EVERYWHERE || SHORT_PREFIX_ATTRIBUTES.has(attribute));
}
