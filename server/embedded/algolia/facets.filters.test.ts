import { describe, expect, it } from 'vitest';

import { toFacetFilterPredicate, toFiltersPredicate } from './facets.ts';

import type { SearchRecord } from '#shared/search-schema.ts';

const record = (tags: string[], type: SearchRecord['type'] = 'article') => ({ type, tags, locale: 'en-US', entryId: 'e' }) as SearchRecord;

describe('toFacetFilterPredicate', () => {
  it('matches a literal leading minus when it is escaped', () => {
    const test = toFacetFilterPredicate(['tags:\\-20%']);

    expect([test(record(['-20%'])), test(record(['20%']))]).toEqual([true, false]);
  });

  it('lets everything through for empty filters', () => {
    expect(toFacetFilterPredicate([[], ''])(record([]))).toBe(true);
  });
});

describe('toFiltersPredicate', () => {
  it('reads quoted values with spaces, escaped quotes and colons', () => {
    const test = toFiltersPredicate('tags:"3D printing" OR tags:\'say "hi"\' OR tags:"a:b"');

    expect([record(['3D printing']), record(['say "hi"']), record(['a:b']), record(['3D'])].map(test)).toEqual([true, true, true, false]);
  });

  it('treats quoted AND as a value, not a keyword', () => {
    expect(toFiltersPredicate('tags:"AND"')(record(['AND']))).toBe(true);
  });

  it('negates single tests inside OR groups', () => {
    const test = toFiltersPredicate('(NOT tags:a OR type:page) AND NOT type:model');

    expect([record(['a']), record(['b']), record(['a'], 'page'), record(['b'], 'model')].map(test)).toEqual([false, true, true, false]);
  });
});
