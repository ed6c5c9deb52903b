import { describe, expect, it } from 'vitest';

import { countOf, createHistogram, getPercentile, HISTOGRAM_BINS, HISTOGRAM_RELATIVE_ERROR, mergeInto, recordValue, toBin } from './summary.ts';

describe('histogram', () => {
  it('returns null for an empty histogram', () => {
    expect(getPercentile(createHistogram(), 0.75)).toBeNull();
  });

  it('finds the nearest-rank p75 within the relative error bound', () => {
    const histogram = createHistogram();
    for (let value = 1; value <= 100; value += 1) recordValue(histogram, value * 40);

    const p75 = getPercentile(histogram, 0.75) ?? 0;

    expect(Math.abs(p75 - 3000) / 3000).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR);
  });

  it('keeps every value within the bound across the range', () => {
    for (const value of [1, 1.5, 7, 99, 180, 2500, 4000, 12_345, 60_000, 98_000]) {
      const histogram = createHistogram();
      recordValue(histogram, value);

      expect(Math.abs((getPercentile(histogram, 0.75) ?? 0) - value) / value).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR + 1e-9);
    }
  });

  it('puts values below 1 in bin 0 and clamps huge values into the last bin', () => {
    expect(toBin(0)).toBe(0);
    expect(toBin(0.4)).toBe(0);
    expect(toBin(Number.NaN)).toBe(0);
    expect(toBin(1e12)).toBe(HISTOGRAM_BINS - 1);
  });

  it('merges by adding counts', () => {
    const a = createHistogram();
    const b = createHistogram();
    for (let i = 0; i < 3; i += 1) recordValue(a, 100);
    recordValue(b, 5000);

    mergeInto(a, b);

    expect(countOf(a)).toBe(4);
    expect(getPercentile(a, 0.75)).toBeCloseTo(100, -1);
    expect(getPercentile(a, 1)).toBeCloseTo(5000, -3);
  });
});
