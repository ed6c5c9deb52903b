/** Word splitting, normalization and typo rules shared by the MiniSearch index and the highlighter, so a word is highlighted exactly when it matched. */

/** Runs of letters, digits and combining marks; everything else separates words, like Algolia's default separators. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;

/** One word of a text with its UTF-16 offsets. `term` is its normalized form. */
export interface Token {
  start: number;
  end: number;
  text: string;
  term: string;
}

/** A word of the query as the engine matches it. */
export interface QueryWord {
  term: string;
  /** The last word matches as a prefix while the visitor types (Algolia's `prefixLast`). */
  isPrefix: boolean;
  /** Edits allowed for this word: 1 from 4 characters, 2 from 8 (Algolia's `minWordSizefor1Typo`/`for2Typos`). */
  maxTypos: number;
}

const NON_ASCII = /\P{ASCII}/u;
const MEMO_LIMIT = 100_000;
const memo = new Map<string, string>();

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

/** The words of a text, as MiniSearch indexes them (normalization happens in `normalizeTerm`). */
export function splitWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const term = normalizeTerm(match[0]);
    if (term) tokens.push({ start: match.index, end: match.index + match[0].length, text: match[0], term });
  }
  return tokens;
}

export function getTypoBudget(term: string, typoTolerance: boolean): number {
  if (!typoTolerance) return 0;
  const length = [...term].length;
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

export function toQueryWords(query: string, typoTolerance = true): QueryWord[] {
  const terms = tokenize(query).map((token) => token.term);
  return terms.map((term, i) => ({ term, isPrefix: i === terms.length - 1, maxTypos: getTypoBudget(term, typoTolerance) }));
}

/** Levenshtein distance up to `max` (plain edits, as MiniSearch counts them); `max + 1` means "further". */
export function getEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/**
 * How many leading characters of `term` the query word covers: the whole word for exact and typo matches, the typed part for a prefix match, 0 when it does
 * not match. Mirrors the MiniSearch options in `locale-index.ts`.
 */
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
