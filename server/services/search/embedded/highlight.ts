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
 * Whether highlight values get HTML-escaped. With its placeholder tags
 * InstantSearch escapes every highlight and snippet itself before swapping
 * the placeholders for `<mark>` (instantsearch.js `escapeHits`, the default
 * `escapeHTML: true`), exactly as it expects from Algolia, which returns
 * record text unescaped. Escaping here as well would show `&#39;` for every
 * apostrophe. Any other tags mean the caller inserts the value as HTML, so
 * record text is escaped before the tags go in.
 */
export function shouldEscapeHighlights(preTag: string, postTag: string): boolean {
  return !(preTag === INSTANTSEARCH_TAGS.preTag && postTag === INSTANTSEARCH_TAGS.postTag);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

interface Mark {
  /** UTF-16 length of the highlighted start of the token; 0 when it did not match. */
  length: number;
  words: number[];
}

function markTokens(tokens: readonly Token[], words: readonly QueryWord[]): Mark[] {
  return tokens.map((token) => {
    let covered = 0;
    const matched: number[] = [];
    words.forEach((word, index) => {
      const length = getMatchLength(word, token.term);
      if (length === 0) return;
      matched.push(index);
      covered = Math.max(covered, length >= token.term.length ? token.text.length : toOriginalLength(token.text, length));
    });
    return { length: covered, words: matched };
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

function matchedWordSet(marks: readonly Mark[]): Set<number> {
  return new Set(marks.flatMap((mark) => mark.words));
}

export function highlightText(text: string, words: readonly QueryWord[], options: HighlightOptions): HighlightedText {
  const tokens = tokenize(text);
  const marks = markTokens(tokens, words);
  const matched = [...matchedWordSet(marks)].sort((a, b) => a - b);
  const value = render(text, tokens, marks, 0, text.length, options);
  const matchLevel = toMatchLevel(matched.length, words.length);
  const matchedWords = matched.map((index) => words[index]!.term);
  if (matchLevel === 'none') return { value, matchLevel, matchedWords };
  const fullyHighlighted = tokens.every((token, i) => marks[i]!.length === token.text.length);
  return { value, matchLevel, matchedWords, fullyHighlighted };
}

/**
 * A window of `maxWords` words around the best cluster of matches (the
 * earliest window holding the most distinct query words), with `ellipsis`
 * where text was cut, like Algolia's `attributesToSnippet: ['body:20']`.
 */
export function snippetText(
  text: string,
  words: readonly QueryWord[],
  maxWords: number,
  /** `ellipsis` comes from the caller like the tags, so it is inserted as given. */
  options: HighlightOptions & { ellipsis: string },
): SnippetedText {
  const tokens = tokenize(text);
  const marks = markTokens(tokens, words);
  if (tokens.length <= maxWords) {
    return { value: render(text, tokens, marks, 0, text.length, options), matchLevel: toMatchLevel(matchedWordSet(marks).size, words.length) };
  }
  const count = Math.max(1, maxWords);
  let best = 0;
  let bestCount = -1;
  for (let start = 0; start + count <= tokens.length; start++) {
    const found = matchedWordSet(marks.slice(start, start + count)).size;
    if (found > bestCount) [best, bestCount] = [start, found];
  }
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
  const window = marks.slice(start, end);
  const value = (start > 0 ? options.ellipsis : '') + render(text, tokens, marks, from, to, options) + (end < tokens.length ? options.ellipsis : '');
  return { value, matchLevel: toMatchLevel(matchedWordSet(window).size, words.length) };
}
