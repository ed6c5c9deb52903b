import { describe, expect, it } from 'vitest';

import { createWordMatcher, highlightText, snippetText, toHighlightOptions } from './highlight.ts';
import { parseQuery } from './query-params.ts';
import { toQueryWords } from './words.ts';

const tags = { preTag: '[', postTag: ']', escape: true, ellipsis: '…' };

describe('highlightText', () => {
  it('highlights every occurrence and reports each query word once, in query order', () => {
    expect(highlightText('Oak and oak veneer', createWordMatcher(toQueryWords('veneer oak')), tags)).toEqual({
      value: '[Oak] and [oak] [veneer]',
      matchLevel: 'full',
      matchedWords: ['veneer', 'oak'],
      fullyHighlighted: false,
    });
  });

  it('reports none without fullyHighlighted when nothing matched', () => {
    expect(highlightText('Oak', createWordMatcher(toQueryWords('brass')), tags)).toEqual({ value: 'Oak', matchLevel: 'none', matchedWords: [] });
  });
});

describe('snippetText', () => {
  it('picks the window holding the most distinct query words', () => {
    const text = 'oak one two three four five six seven eight brass nine oak ten eleven twelve';

    expect(snippetText(text, createWordMatcher(toQueryWords('oak brass')), 4, tags)).toEqual({
      value: '…[brass] nine [oak] ten…',
      matchLevel: 'full',
    });
  });
});

describe('toHighlightOptions', () => {
  it('escapes unless InstantSearch asks with its placeholders (it escapes itself)', () => {
    const escapes = (params: object) => toHighlightOptions(parseQuery({ indexName: 'i', ...params }, 512).params).escape;
    expect(escapes({})).toBe(true);
    expect(escapes({ highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' })).toBe(false);
  });
});
