import { describe, expect, it } from 'vitest';

import { createSyntheticRecords } from '../../../tests/fixtures/search/synthetic-records.ts';
import { createTermDictionary } from './term-dictionary.ts';
import { referenceMatch as matchWord } from './test-word-rule.ts';
import { tokenize, toQueryWords } from './words.ts';

const vocabulary = [
  ...new Set(
    createSyntheticRecords(120)
      .flatMap((record) => tokenize(`${record.title} ${record.body}`))
      .map((token) => token.term)
      .concat(['chair', 'chairs', 'char', 'lamp', 'lamps', 'lambda', 'schreibtischleuchte', 'a', 'ab', 'stuhl', 'stuhle']),
  ),
];
const dictionary = createTermDictionary();
vocabulary.forEach((term) => dictionary.add(term));

const bruteForce = (query: string) => {
  const word = toQueryWords(query).at(-1)!;
  return new Map(vocabulary.flatMap((term) => (matchWord(word, term) ? [[term, matchWord(word, term)!] as const] : [])));
};

describe('createTermDictionary', () => {
  it('finds exactly the terms the word rule matches, with the same typos, over 3,000 terms', () => {
    const queries = ['chiar', 'lmap', 'lamo', 'chair', 'c', 'ch', 'cha', 'wlanut', 'walnat', 'schreibtishleuchte', 'stuhl', 'a', 'zzzz', 'oak lmap', 'pendnat'];
    for (const query of [...queries, ...vocabulary.filter((_, i) => i % 151 === 0)]) {
      expect(dictionary.expand(toQueryWords(query).at(-1)!), query).toEqual(bruteForce(query));
      expect(dictionary.expand(toQueryWords(`${query} x`)[0]!), `${query} (not last)`).toEqual(
        new Map(
          vocabulary.flatMap((term) => (matchWord(toQueryWords(`${query} x`)[0]!, term) ? [[term, matchWord(toQueryWords(`${query} x`)[0]!, term)!]] : [])),
        ),
      );
    }
  });

  it('tells a typo from a prefix match', () => {
    const found = dictionary.expand(toQueryWords('chiar')[0]!);

    expect(found.get('chair')).toEqual({ typos: 1, prefix: false });
    // Typos apply to whole words: "chiar" is two from "chairs", and not a prefix of it.
    expect(found.has('chairs')).toBe(false);
    expect(dictionary.expand(toQueryWords('chai')[0]!).get('chairs')).toEqual({ typos: 0, prefix: true });
    expect(dictionary.expand(toQueryWords('lamp')[0]!).get('lamps')).toEqual({ typos: 0, prefix: true });
    expect(dictionary.expand(toQueryWords('lamp x')[0]!).get('lamps')).toEqual({ typos: 1, prefix: false });
    expect(dictionary.expand(toQueryWords('oak x')[0]!).has('oaks')).toBe(false);
  });
});
