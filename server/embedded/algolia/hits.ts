import { createWordMatcher, highlightText, shouldEscapeHighlights, snippetText } from './highlight.ts';
import { allowsPrefix, SEARCHABLE_ATTRIBUTES } from './locale-index.ts';

import type { SearchRecord } from '#shared/content/types.ts';
import type { HighlightedText, HighlightOptions, SnippetedText, WordMatcher } from './highlight.ts';
import type { SearchParams } from './query-params.ts';
import type { QueryWord } from './text.ts';

/** A record as Algolia returns it: retrieved attributes plus highlight and snippet results. */
export type Hit = Partial<SearchRecord> & {
  objectID: string;
  _highlightResult?: Record<string, HighlightedText | HighlightedText[]>;
  _snippetResult?: Record<string, SnippetedText | SnippetedText[]>;
};

/** Words per snippet when `attributesToSnippet` names an attribute without `:count` (Algolia's default). */
const DEFAULT_SNIPPET_WORDS = 10;

/** Builds hits for one page; highlighting runs only on the records returned. */
export function toHits(records: readonly SearchRecord[], params: SearchParams, words: readonly QueryWord[]): Hit[] {
  const options: HighlightOptions = {
    preTag: params.highlightPreTag,
    postTag: params.highlightPostTag,
    escape: shouldEscapeHighlights(params.highlightPreTag, params.highlightPostTag),
  };
  const snippetOptions = { ...options, ellipsis: params.snippetEllipsisText };
  const snippets = params.attributesToSnippet.map(parseSnippetSpec);
  const matcherFor = createMatchers(words);
  return records.map((record) => {
    const hit = retrieve(record, params.attributesToRetrieve);
    const highlighted = resolveAttributes(record, params.attributesToHighlight ?? [...SEARCHABLE_ATTRIBUTES]);
    if (highlighted.length > 0) {
      hit._highlightResult = Object.fromEntries(
        highlighted.map((attribute) => [attribute, mapText(record, attribute, (text) => highlightText(text, matcherFor(attribute), options))]),
      );
    }
    const snippeted = snippets.flatMap((spec) => resolveAttributes(record, [spec.attribute]).map((attribute) => ({ attribute, count: spec.count })));
    if (snippeted.length > 0) {
      hit._snippetResult = Object.fromEntries(
        snippeted.map(({ attribute, count }) => [
          attribute,
          mapText(record, attribute, (text) => snippetText(text, matcherFor(attribute), count, snippetOptions)),
        ]),
      );
    }
    return hit;
  });
}

/** Matchers that highlight what matched: the last word counts as a prefix only where `allowsPrefix` says so. */
function createMatchers(words: readonly QueryWord[]): (attribute: string) => WordMatcher {
  const everywhere = createWordMatcher(words);
  const last = words.at(-1);
  if (!last?.isPrefix) return () => everywhere;
  const exactLast = createWordMatcher([...words.slice(0, -1), { ...last, isPrefix: false }]);
  return (attribute) => (allowsPrefix(attribute, last) ? everywhere : exactLast);
}

/** `attributesToRetrieve`: names, `*` for all, `-name` to drop one from `*`. `objectID` always comes back. */
function retrieve(record: SearchRecord, attributes: readonly string[]): Hit {
  if (attributes.includes('*')) {
    const excluded = new Set(attributes.filter((name) => name.startsWith('-')).map((name) => name.slice(1)));
    const hit: Hit = { ...record };
    for (const name of excluded) if (name !== 'objectID') delete hit[name as keyof SearchRecord];
    return hit;
  }
  const hit: Hit = { objectID: record.objectID };
  for (const name of attributes) {
    if (name in record) Object.assign(hit, { [name]: record[name as keyof SearchRecord] });
  }
  return hit;
}

/** Text attributes (strings or string arrays) named in a list; `*` means all of them. */
function resolveAttributes(record: SearchRecord, names: readonly string[]): string[] {
  const isText = (name: string) => {
    const value = record[name as keyof SearchRecord];
    return typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
  };
  const wanted = names.includes('*') ? Object.keys(record).filter((name) => name !== 'objectID') : names;
  return [...new Set(wanted)].filter(isText);
}

function mapText<T>(record: SearchRecord, attribute: string, fn: (text: string) => T): T | T[] {
  const value = record[attribute as keyof SearchRecord] as string | string[];
  return Array.isArray(value) ? value.map(fn) : fn(value);
}

function parseSnippetSpec(spec: string): { attribute: string; count: number } {
  const [attribute = '', count] = spec.split(':');
  const words = Number(count);
  return { attribute: attribute.trim(), count: count !== undefined && Number.isInteger(words) && words > 0 ? words : DEFAULT_SNIPPET_WORDS };
}
