import { describe, expect, it } from 'vitest';

import { readToken } from './token-auth.ts';

describe('readToken', () => {
  it('prefers the bearer token and falls back to ?token=', () => {
    expect(readToken('Bearer abc', { token: 'xyz' })).toBe('abc');
    expect(readToken('bearer  abc ', {})).toBe('abc');
    expect(readToken(undefined, { token: 'xyz' })).toBe('xyz');
    expect(readToken('Basic dXNlcg==', { token: ['a', 'b'] })).toBeUndefined();
  });
});
