import { HttpError } from '#shared/http/http-error.ts';
import { FACET_ATTRIBUTES } from '#shared/search-schema.ts';

import { createWordMatcher, highlightText, toHighlightOptions } from './highlight.ts';
import { toQueryWords, toTexts } from './words.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { FacetCounts } from './facet-values.ts';
import type { SearchParams } from './query-params.ts';

type RecordPredicate = (record: SearchRecord) => boolean;

const always: RecordPredicate = () => true;

/** Ignores case, like Algolia's. */
function toTest(attribute: string, value: string, negated: boolean): RecordPredicate {
  const { filterable } = FACET_ATTRIBUTES;
  if (!filterable.includes(attribute)) throw badFilter(`unknown attribute "${attribute}"; filterable attributes are ${filterable.join(', ')}`);
  const wanted = value.toLowerCase();
  return (record) => toTexts(record[attribute as keyof SearchRecord]).some((v) => v.toLowerCase() === wanted) !== negated;
}

/** Strings are ANDed, nested arrays ORed; `attr:-value` negates and `attr:\-value` matches a literal leading minus. */
export function toFacetFilterPredicate(facetFilters: string | ReadonlyArray<string | readonly string[]> | undefined): RecordPredicate {
  if (facetFilters === undefined) return always;
  const groups = (typeof facetFilters === 'string' ? [facetFilters] : facetFilters).map((group) => (typeof group === 'string' ? [group] : group));
  const tests = groups.map((group) => group.filter((filter) => filter !== '').map(parseFacetFilter)).filter((group) => group.length > 0);
  if (tests.length === 0) return always;
  return (record) => tests.every((group) => group.some((test) => test(record)));
}

function parseFacetFilter(filter: string): RecordPredicate {
  const colon = filter.indexOf(':');
  if (colon <= 0) throw badFilter(`facet filter "${filter}" is not of the form attribute:value`, 'facetFilters');
  let value = filter.slice(colon + 1);
  const negated = value.startsWith('-');
  if (negated) value = value.slice(1);
  else if (value.startsWith('\\-')) value = value.slice(1);
  return toTest(filter.slice(0, colon).trim(), value, negated);
}

type Token = { kind: 'and' | 'or' | 'not' | 'open' | 'close'; at: number } | { kind: 'filter'; at: number; test: RecordPredicate };

/**
 * Algolia's `filters` in its ANDs-of-ORs shape: facet tests (`tags:"3d printing"`), `AND`, `OR`, `NOT`, parentheses around OR groups.
 * Numeric comparisons, ranges, tag filters and scores are refused with a 400 that says so.
 */
export function toFiltersPredicate(filters: string | undefined): RecordPredicate {
  if (!filters?.trim()) return always;
  const tokens = lex(filters);
  let position = 0;
  const accept = (kind: Token['kind']) => tokens[position]?.kind === kind && ++position > 0;
  const literal = (): RecordPredicate => {
    const token = tokens[position++];
    if (token?.kind === 'not') {
      const test = literal();
      return (record) => !test(record);
    }
    if (token?.kind === 'filter') return token.test;
    throw badFilter(token ? `unexpected ${token.kind.toUpperCase()} at position ${token.at}` : 'filters end too early');
  };
  const clauses: RecordPredicate[][] = [];
  let hasBareOr = false;
  do {
    const open = accept('open');
    const clause = [literal()];
    while (accept('or')) clause.push(literal());
    if (open && tokens[position++]?.kind !== 'close') throw badFilter('missing closing parenthesis');
    hasBareOr ||= !open && clause.length > 1;
    clauses.push(clause);
  } while (accept('and'));
  const rest = tokens[position];
  if (rest) throw badFilter(`unexpected ${rest.kind.toUpperCase()} at position ${rest.at}`);
  if (hasBareOr && clauses.length > 1) throw badFilter('put OR groups in parentheses when combining them with AND');
  return (record) => clauses.every((clause) => clause.some((test) => test(record)));
}

const KEYWORDS: Record<string, 'and' | 'or' | 'not'> = { AND: 'and', OR: 'or', NOT: 'not' };

function lex(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const char = input[i]!;
    if (/\s/.test(char)) {
      i++;
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: char === '(' ? 'open' : 'close', at: i++ });
    } else {
      const at = i;
      const [attribute, afterAttribute] = readWord(input, i, /[\s():<>=!]/);
      i = afterAttribute;
      if (input[i] !== ':') {
        const keyword = KEYWORDS[attribute];
        if (keyword && !/["']/.test(input[at]!)) {
          tokens.push({ kind: keyword, at });
          continue;
        }
        if (/^\s*[<>=!]/.test(input.slice(i))) throw badFilter(`numeric comparisons (at position ${at}) are not supported by the embedded engine`);
        throw badFilter(`expected attribute:value at position ${at}`);
      }
      const [value, afterValue] = readWord(input, i + 1, /[\s()]/);
      if (afterValue === i + 1) throw badFilter(`missing value after "${attribute}:" at position ${at}`);
      i = afterValue;
      if (/^\s+TO\s/.test(input.slice(i))) throw badFilter(`ranges (at position ${at}) are not supported by the embedded engine`);
      if (value.includes('<score=')) throw badFilter('filter scores are not supported by the embedded engine');
      tokens.push({ kind: 'filter', at, test: toTest(attribute, value, false) });
    }
  }
  return tokens;
}

const QUOTED = /(["'])((?:\\[^]|(?!\1)[^\\])*)\1/y;

/** A quoted word (backslash escapes) or everything up to `stop`. */
function readWord(input: string, start: number, stop: RegExp): [string, number] {
  if (input[start] === '"' || input[start] === "'") {
    QUOTED.lastIndex = start;
    const quoted = QUOTED.exec(input);
    if (!quoted) throw badFilter(`unterminated quote at position ${start}`);
    return [quoted[2]!.replace(/\\([^])/g, '$1'), QUOTED.lastIndex];
  }
  const length = input.slice(start).search(stop);
  return length < 0 ? [input.slice(start), input.length] : [input.slice(start, start + length), start + length];
}

function badFilter(reason: string, parameter = 'filters'): HttpError {
  return new HttpError(400, `Invalid ${parameter}: ${reason}`);
}

/** Facets without values are left out; unknown names are ignored, as Algolia ignores attributes not declared for faceting. */
export function countFacets(getCounts: (facet: string) => FacetCounts, { facets, maxValuesPerFacet }: SearchParams): Record<string, Record<string, number>> {
  const result: Record<string, Record<string, number>> = {};
  for (const facet of FACET_ATTRIBUTES.counted.filter((attribute) => facets.includes('*') || facets.includes(attribute))) {
    const entries = getCounts(facet).slice(0, maxValuesPerFacet);
    if (entries.length > 0) result[facet] = Object.fromEntries(entries);
  }
  return result;
}

/** Values whose words start with the words of `facetQuery` (RefinementList `searchable`). */
export function searchFacetValues(getCounts: (facet: string) => FacetCounts, facet: string, params: SearchParams) {
  if (!FACET_ATTRIBUTES.searchable.includes(facet)) {
    throw new HttpError(400, `Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`);
  }
  const words = toQueryWords(params.facetQuery, false).map((word) => ({ ...word, isPrefix: true }));
  const matcher = createWordMatcher(words);
  const highlight = toHighlightOptions(params);
  const hits = [];
  for (const [value, count] of getCounts(facet)) {
    const highlighted = highlightText(value, matcher, highlight);
    if (words.length > 0 && highlighted.matchedWords.length < words.length) continue;
    hits.push({ value, highlighted: highlighted.value, count });
    if (hits.length >= params.maxFacetHits) break;
  }
  return hits;
}
