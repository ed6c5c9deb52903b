import { describe, expect, it } from 'vitest';

import { formatFileSize } from '#client/components/file-size.ts';

describe('formatFileSize', () => {
  it('uses decimal units and the locale decimal separator', () => {
    expect(formatFileSize(0, 'en-US')).toBe('0 B');
    expect(formatFileSize(999, 'en-US')).toBe('999 B');
    expect(formatFileSize(1_234_567, 'en-US')).toBe('1.2 MB');
    expect(formatFileSize(1_234_567, 'de-DE')).toBe('1,2 MB');
    expect(formatFileSize(45_000, 'en-US')).toBe('45 kB');
    expect(formatFileSize(Number.NaN, 'en-US')).toBe('0 B');
  });
});
