import { describe, expect, it } from 'vitest';

import { getEditDistance } from './test-word-rule.ts';
import { getMatchLength, matchWord, normalizeTerm, tokenize, toOriginalLength, toQueryWords } from './words.ts';

describe('text rules', () => {
  it('normalizes case, accents, ligatures and ß', () => {
    expect(['Stühle', 'STRASSE', 'Straße', 'ﬁligree', 'Crème'].map(normalizeTerm)).toEqual(['stuhle', 'strasse', 'strasse', 'filigree', 'creme']);
  });

  it('splits on anything that is not a letter, digit or mark, keeping offsets', () => {
    expect(tokenize("3D-printed <b>oak</b>, Tom's").map(({ text, start }) => [text, start])).toEqual([
      ['3D', 0],
      ['printed', 3],
      ['b', 12],
      ['oak', 14],
      ['b', 19],
      ['Tom', 23],
      ['s', 27],
    ]);
  });

  it('gives the last query word prefix matching and a typo budget by length', () => {
    expect(toQueryWords('oak walnut upholstery')).toEqual([
      { term: 'oak', isPrefix: false, maxTypos: 0 },
      { term: 'walnut', isPrefix: false, maxTypos: 1 },
      { term: 'upholstery', isPrefix: true, maxTypos: 2 },
    ]);
    expect(toQueryWords('walnut', false)[0]?.maxTypos).toBe(0);
  });

  it('counts a swap of two neighbouring letters as one typo, like Algolia', () => {
    expect(getEditDistance('chair', 'chaor')).toBe(1);
    expect(getEditDistance('chair', 'chiar')).toBe(1);
    expect(getEditDistance('lamp', 'lmap')).toBe(1);
    expect(getEditDistance('ca', 'abc')).toBe(3);
    expect(getEditDistance('chair', 'table')).toBe(5);
    const [chiar] = toQueryWords('chiar x');
    expect([matchWord(chiar!, 'chair'), matchWord(chiar!, 'chairs')]).toEqual([{ typos: 1, prefix: false }, undefined]);
  });

  it('matches exactly, by prefix (last word only) or within the typo budget', () => {
    const [walnat, lou] = toQueryWords('walnat lou');

    expect(getMatchLength(lou!, 'lounge')).toBe(3);
    expect(getMatchLength(walnat!, 'walnut')).toBe(6);
    expect(getMatchLength(walnat!, 'walnuts')).toBe(0);
  });

  it('maps a normalized prefix length back to the original characters', () => {
    expect(toOriginalLength('Straße', 6)).toBe(5);
    expect(toOriginalLength('Cre\u0300me', 3)).toBe(4);
    expect(toOriginalLength('Crème', 4)).toBe(4);
  });
});
