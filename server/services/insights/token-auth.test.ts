import { describe, expect, it } from 'vitest';

import { isSameToken, readToken } from './token-auth.ts';

describe('readToken', () => {
  it('prefers the bearer token and falls back to ?token=', () => {
    expect(readToken('Bearer abc', { token: 'xyz' })).toBe('abc');
    expect(readToken('bearer  abc ', {})).toBe('abc');
    expect(readToken(undefined, { token: 'xyz' })).toBe('xyz');
    expect(readToken('Basic dXNlcg==', { token: ['a', 'b'] })).toBeUndefined();
  });
});

describe('isSameToken', () => {
  it('compares tokens of any length', () => {
    expect(isSameToken('s3cret', 's3cret')).toBe(true);
    expect(isSameToken('s3cret', 's3cre')).toBe(false);
    expect(isSameToken('', 's3cret')).toBe(false);
  });
});
