import { describe, expect, it } from 'vitest';

import { safeEqual } from './auth.ts';

describe('safeEqual', () => {
  it('compares strings of any length', () => {
    expect(safeEqual('s3cret', 's3cret')).toBe(true);
    expect(safeEqual('s3cret', 's3cre')).toBe(false);
    expect(safeEqual('', 's3cret')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});
