import escapeHtml from 'escape-html';

import { getMatchLength, tokenize, toOriginalLength } from './text.ts';

import type { QueryWord, Token } from './text.ts';

export type MatchLevel = 'none' | 'partial' | 'full';

export interface HighlightOptions {
  preTag: string;
  postTag: string;
  /** HTML-escape the text around the tags (see `shouldEscapeHighlights`). */
  escape: boolean;
}

/** Algolia's `HighlightResultOption`; `fullyHighlighted` is present only when something matched, as in Algolia's answers. */
export interface HighlightedText {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetedText {
  value: string;
  matchLevel: MatchLevel;
}

/** InstantSearch's placeholder tags (instantsearch.js `TAG_PLACEHOLDER`). */
const INSTANTSEARCH_TAGS = { preTag: '__ais-highlight__', postTag: '__/ais-highlight__' };

/**
 * Whether highlight values get HTML-escaped: not with InstantSearch's placeholder tags (it escapes hits itself, as it expects from Algolia; escaping twice
 * would show `&#39;`), else yes, since the caller inserts the value as HTML.
 */
export function shouldEscapeHighlights(preTag: string, postTag: string): boolean {
  return !(preTag === INSTANTSEARCH_TAGS.preTag && postTag === INSTANTSEARCH_TAGS.postTag);
}

/** Matches document words against the query words, memoized: a page of hits repeats the same words many times. */
export interface WordMatcher {
  readonly words: readonly QueryWord[];
  /** Normalized length of the matched start of `term` (0: no match) and the indexes of the query words it matches. */
  match(term: string): TermMatch;
}

interface TermMatch {
  length: number;
  words: number[];
}

const NO_MATCH: TermMatch = { length: 0, words: [] };

export function createWordMatcher(words: readonly QueryWord[]): WordMatcher {
  const memo = new Map<string, TermMatch>();
  return {
    words,
    match(term) {
      if (words.length === 0) return NO_MATCH;
      let result = memo.get(term);
      if (!result) {
        result = { length: 0, words: [] };
        words.forEach((word, index) => {
          const length = getMatchLength(word, term);
          if (length === 0) return;
          result!.words.push(index);
          result!.length = Math.max(result!.length, length);
        });
        memo.set(term, result.words.length > 0 ? result : NO_MATCH);
      }
      return result;
    },
  };
}

interface Mark {
  /** UTF-16 length of the highlighted start of the token; 0 when it did not match. */
  length: number;
  words: number[];
}

function markTokens(tokens: readonly Token[], matcher: WordMatcher): Mark[] {
  return tokens.map((token) => {
    const { length, words } = matcher.match(token.term);
    if (length === 0) return NO_MATCH;
    return { length: length >= token.term.length ? token.text.length : toOriginalLength(token.text, length), words };
  });
}

/** The text between `from` and `to` with matched words wrapped in the tags. */
function render(text: string, tokens: readonly Token[], marks: readonly Mark[], from: number, to: number, options: HighlightOptions): string {
  const esc = options.escape ? escapeHtml : (s: string) => s;
  let out = '';
  let cursor = from;
  tokens.forEach((token, i) => {
    const mark = marks[i]!;
    if (mark.length === 0 || token.start < from || token.end > to) return;
    out += esc(text.slice(cursor, token.start)) + options.preTag + esc(token.text.slice(0, mark.length)) + options.postTag;
    cursor = token.start + mark.length;
  });
  return out + esc(text.slice(cursor, to));
}

function toMatchLevel(matched: number, total: number): MatchLevel {
  if (matched === 0) return 'none';
  return matched === total ? 'full' : 'partial';
}

function countMatchedWords(marks: readonly Mark[]): number {
  return new Set(marks.flatMap((mark) => mark.words)).size;
}

export function highlightText(text: string, matcher: WordMatcher, options: HighlightOptions): HighlightedText {
  const tokens = tokenize(text);
  const marks = markTokens(tokens, matcher);
  const matched = [...new Set(marks.flatMap((mark) => mark.words))].sort((a, b) => a - b);
  const value = render(text, tokens, marks, 0, text.length, options);
  const matchLevel = toMatchLevel(matched.length, matcher.words.length);
  const matchedWords = matched.map((index) => matcher.words[index]!.term);
  if (matchLevel === 'none') return { value, matchLevel, matchedWords };
  const fullyHighlighted = tokens.every((token, i) => marks[i]!.length === token.text.length);
  return { value, matchLevel, matchedWords, fullyHighlighted };
}

/** Start of the earliest `count`-token window holding the most distinct query words (sliding counts, one pass). */
function findBestWindow(marks: readonly Mark[], count: number): number {
  const inWindow = new Map<number, number>();
  const step = (mark: Mark, delta: number) => {
    for (const word of mark.words) {
      const next = (inWindow.get(word) ?? 0) + delta;
      if (next === 0) inWindow.delete(word);
      else inWindow.set(word, next);
    }
  };
  let best = 0;
  let bestCount = -1;
  for (let end = 0; end < marks.length; end++) {
    step(marks[end]!, 1);
    if (end >= count) step(marks[end - count]!, -1);
    if (end >= count - 1 && inWindow.size > bestCount) [best, bestCount] = [end - count + 1, inWindow.size];
  }
  return best;
}

/**
 * A window of `maxWords` words around the best cluster of matches (the earliest window holding the most distinct query words), with `ellipsis` where text was
 * cut, like Algolia's `attributesToSnippet: ['body:20']`.
 */
export function snippetText(
  text: string,
  matcher: WordMatcher,
  maxWords: number,
  /** `ellipsis` comes from the caller like the tags, so it is inserted as given. */
  options: HighlightOptions & { ellipsis: string },
): SnippetedText {
  const tokens = tokenize(text);
  const marks = markTokens(tokens, matcher);
  const total = matcher.words.length;
  if (tokens.length <= maxWords) {
    return { value: render(text, tokens, marks, 0, text.length, options), matchLevel: toMatchLevel(countMatchedWords(marks), total) };
  }
  const count = Math.max(1, maxWords);
  const best = findBestWindow(marks, count);
  const matchedIn = (i: number) => marks[i]!.length > 0;
  let first = best;
  while (first < best + count - 1 && !matchedIn(first)) first++;
  let last = best + count - 1;
  while (last > first && !matchedIn(last)) last--;
  // Show a little context before the first match, most of the slack after it.
  const slack = count - (last - first + 1);
  const start = matchedIn(first) ? Math.min(Math.max(0, first - Math.floor(slack / 3)), tokens.length - count) : 0;
  const end = start + count;
  const from = start === 0 ? 0 : tokens[start]!.start;
  const to = end >= tokens.length ? text.length : tokens[end - 1]!.end;
  const value = (start > 0 ? options.ellipsis : '') + render(text, tokens, marks, from, to, options) + (end < tokens.length ? options.ellipsis : '');
  return { value, matchLevel: toMatchLevel(countMatchedWords(marks.slice(start, end)), total) };
}
