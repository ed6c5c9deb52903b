import { describe, expect, it } from 'vitest';

import { ANALYTICS_QUERY_MAX_LENGTH, normalizeSearchQuery } from './search.ts';

describe('normalizeSearchQuery', () => {
  it('trims, collapses whitespace and control characters, and lower-cases', () => {
    expect(normalizeSearchQuery('  Desk \t\n LAMP  ')).toBe('desk lamp');
    expect(normalizeSearchQuery('desk\u0000lamp\u007f')).toBe('desk lamp');
    expect(normalizeSearchQuery('DESK\u00a0Lamp')).toBe('desk lamp');
  });

  it('counts composed and decomposed accents as one query', () => {
    expect(normalizeSearchQuery('Stu\u0308hle')).toBe(normalizeSearchQuery('Stühle'));
  });

  it('caps the query in code points, never splitting a surrogate pair, and drops a trailing space the cut leaves', () => {
    const long = `${'a'.repeat(ANALYTICS_QUERY_MAX_LENGTH - 1)}😀😀`;

    expect(Array.from(normalizeSearchQuery(long))).toHaveLength(ANALYTICS_QUERY_MAX_LENGTH);
    expect(normalizeSearchQuery(long).endsWith('😀')).toBe(true);
    expect(normalizeSearchQuery(`${'a'.repeat(ANALYTICS_QUERY_MAX_LENGTH - 1)} b`)).toBe('a'.repeat(ANALYTICS_QUERY_MAX_LENGTH - 1));
  });

  it('leaves nothing of a query of whitespace alone', () => {
    expect(normalizeSearchQuery(' \t\u0001 ')).toBe('');
  });
});
