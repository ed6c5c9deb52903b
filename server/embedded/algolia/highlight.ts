import escapeHtml from 'escape-html';

import { allowsPrefix, getMatchLength, SEARCHABLE_ATTRIBUTES, tokenize, toOriginalLength } from './words.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { QueryWord, Token } from './words.ts';
import type { SearchParams } from './query-params.ts';

type MatchLevel = 'none' | 'partial' | 'full';

type HighlightOptions = ReturnType<typeof toHighlightOptions>;

/** Algolia's `HighlightResultOption`; `fullyHighlighted` only when something matched, as in Algolia's answers. */
interface HighlightedText {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

type SnippetedText = Pick<HighlightedText, 'value' | 'matchLevel'>;

export type Hit = Partial<SearchRecord> & {
  objectID: string;
  _highlightResult?: Record<string, HighlightedText | HighlightedText[]>;
  _snippetResult?: Record<string, SnippetedText | SnippetedText[]>;
};

/** Algolia's default when `attributesToSnippet` names an attribute without `:count`. */
const DEFAULT_SNIPPET_WORDS = 10;

export function toHighlightOptions({ highlightPreTag: preTag, highlightPostTag: postTag, snippetEllipsisText: ellipsis }: SearchParams) {
  // Not with InstantSearch's placeholder tags (instantsearch.js `TAG_PLACEHOLDER`): it escapes hits itself, as it expects from Algolia, and
  // escaping twice would show `&#39;`. Any other caller inserts the value as HTML, so it is escaped.
  return { preTag, postTag, ellipsis, escape: !(preTag === '__ais-highlight__' && postTag === '__/ais-highlight__') };
}

/** `length`: normalized length of the matched start of a term (0: no match); `words`: indexes of the query words. */
interface TermMatch {
  length: number;
  words: number[];
}

const NO_MATCH: TermMatch = { length: 0, words: [] };

export type WordMatcher = ReturnType<typeof createWordMatcher>;

/** Memoized: a page repeats words. */
export function createWordMatcher(words: readonly QueryWord[]) {
  const memo = new Map<string, TermMatch>();
  let last: { text: string; tokens: Token[]; marks: TermMatch[] } | undefined;
  const matcher = {
    words,
    /** The last text is kept: a hit's body is highlighted and then snippeted. */
    mark(text: string): { tokens: Token[]; marks: TermMatch[] } {
      if (last?.text !== text) {
        const tokens = tokenize(text);
        const marks = tokens.map((token) => {
          const { length, words } = matcher.match(token.term);
          if (length === 0) return NO_MATCH;
          return { length: length >= token.term.length ? token.text.length : toOriginalLength(token.text, length), words };
        });
        last = { text, tokens, marks };
      }
      return last;
    },
    match(term: string): TermMatch {
      if (words.length === 0) return NO_MATCH;
      let result = memo.get(term);
      if (!result) {
        const matched: TermMatch = { length: 0, words: [] };
        // Every word of a query looked up in the index answers the same: ask once per term.
        const isIndexed = words[0]!.isIndexed?.(term) ?? false;
        words.forEach((word, index) => {
          const length = getMatchLength(word, term, isIndexed);
          if (length === 0) return;
          matched.words.push(index);
          matched.length = Math.max(matched.length, length);
        });
        result = matched.words.length > 0 ? matched : NO_MATCH;
        memo.set(term, result);
      }
      return result;
    },
  };
  return matcher;
}

function render(text: string, tokens: readonly Token[], marks: readonly TermMatch[], from: number, to: number, options: HighlightOptions): string {
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

const getMatchedWords = (marks: readonly TermMatch[]) => new Set(marks.flatMap((mark) => mark.words));
const toMatchLevel = (marks: readonly TermMatch[], total: number, matched = getMatchedWords(marks).size): MatchLevel =>
  matched === 0 ? 'none' : matched === total ? 'full' : 'partial';

export function highlightText(text: string, matcher: WordMatcher, options: HighlightOptions): HighlightedText {
  const { tokens, marks } = matcher.mark(text);
  const value = render(text, tokens, marks, 0, text.length, options);
  const matched = getMatchedWords(marks);
  const matchLevel = toMatchLevel(marks, matcher.words.length, matched.size);
  const matchedWords = [...matched].sort((a, b) => a - b).map((index) => matcher.words[index]!.term);
  if (matchLevel === 'none') return { value, matchLevel, matchedWords };
  return { value, matchLevel, matchedWords, fullyHighlighted: tokens.every((token, i) => marks[i]!.length === token.text.length) };
}

/** Start of the earliest `count`-token window holding the most distinct query words. */
function findBestWindow(marks: readonly TermMatch[], count: number): number {
  const inWindow = new Map<number, number>();
  const step = (mark: TermMatch, delta: number) => {
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

/** `maxWords` words around the best cluster of matches, `ellipsis` where text was cut. */
export function snippetText(text: string, matcher: WordMatcher, maxWords: number, options: HighlightOptions): SnippetedText {
  const { tokens, marks } = matcher.mark(text);
  const total = matcher.words.length;
  if (tokens.length <= maxWords) return { value: render(text, tokens, marks, 0, text.length, options), matchLevel: toMatchLevel(marks, total) };
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
  return { value, matchLevel: toMatchLevel(marks.slice(start, end), total) };
}

export function toHits(records: readonly SearchRecord[], params: SearchParams, words: readonly QueryWord[]): Hit[] {
  const options = toHighlightOptions(params);
  const snippets = params.attributesToSnippet.map(parseSnippetSpec);
  const matcherFor = createMatchers(words);
  return records.map((record) => {
    const hit = retrieve(record, params.attributesToRetrieve);
    const highlighted = resolveAttributes(record, params.attributesToHighlight ?? [...SEARCHABLE_ATTRIBUTES]).map((attribute) => ({ attribute, count: 0 }));
    const snippeted = snippets.flatMap((spec) => resolveAttributes(record, [spec.attribute]).map((attribute) => ({ attribute, count: spec.count })));
    if (highlighted.length > 0) hit._highlightResult = mapTexts(record, highlighted, (text, attribute) => highlightText(text, matcherFor(attribute), options));
    if (snippeted.length > 0)
      hit._snippetResult = mapTexts(record, snippeted, (text, attribute, count) => snippetText(text, matcherFor(attribute), count, options));
    return hit;
  });
}

/** The last word counts as a prefix only where `allowsPrefix` says so, so the highlighter marks what matched. */
function createMatchers(words: readonly QueryWord[]): (attribute: string) => WordMatcher {
  const last = words.at(-1);
  const [prefixed, exact] = [createWordMatcher(words), createWordMatcher(last ? [...words.slice(0, -1), { ...last, isPrefix: false }] : words)];
  return (attribute) => (last && allowsPrefix(attribute, last) ? prefixed : exact);
}

/** `-name` drops one from `*`; `objectID` always comes back. */
function retrieve(record: SearchRecord, attributes: readonly string[]): Hit {
  if (attributes.includes('*')) {
    const hit: Hit = { ...record };
    for (const name of attributes) if (name.startsWith('-') && name !== '-objectID') delete hit[name.slice(1) as keyof SearchRecord];
    return hit;
  }
  const hit: Hit = { objectID: record.objectID };
  for (const name of attributes) if (name in record) Object.assign(hit, { [name]: record[name as keyof SearchRecord] });
  return hit;
}

function resolveAttributes(record: SearchRecord, names: readonly string[]): string[] {
  const isText = (name: string) => {
    const value = record[name as keyof SearchRecord];
    return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
  };
  const wanted = names.includes('*') ? Object.keys(record).filter((name) => name !== 'objectID') : names;
  return [...new Set(wanted)].filter(isText);
}

function mapTexts<T>(record: SearchRecord, specs: readonly { attribute: string; count: number }[], fn: (text: string, attribute: string, count: number) => T) {
  return Object.fromEntries(
    specs.map(({ attribute, count }) => {
      const value = record[attribute as keyof SearchRecord] as string | string[];
      return [attribute, Array.isArray(value) ? value.map((text) => fn(text, attribute, count)) : fn(value, attribute, count)];
    }),
  );
}

function parseSnippetSpec(spec: string): { attribute: string; count: number } {
  const [attribute = '', count] = spec.split(':');
  const words = Number(count);
  return { attribute: attribute.trim(), count: count !== undefined && Number.isInteger(words) && words > 0 ? words : DEFAULT_SNIPPET_WORDS };
}
