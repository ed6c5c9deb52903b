import { describe, expect, it } from 'vitest';

import { createWordMatcher, highlightText, shouldEscapeHighlights, snippetText } from './highlight.ts';
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

describe('shouldEscapeHighlights', () => {
  it('escapes unless InstantSearch asks with its placeholders (it escapes itself)', () => {
    expect(shouldEscapeHighlights('<em>', '</em>')).toBe(true);
    expect(shouldEscapeHighlights('__ais-highlight__', '__/ais-highlight__')).toBe(false);
  });
});
