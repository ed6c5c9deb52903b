import { describe, expect, it } from 'vitest';

import { binValue, HISTOGRAM_BINS, HISTOGRAM_RELATIVE_ERROR, toBin, toVitalSummary } from './summary.ts';

describe('histogram bins', () => {
  it('keeps every value within the bound across the range', () => {
    for (const value of [1, 1.5, 7, 99, 180, 2500, 4000, 12_345, 60_000, 98_000]) {
      expect(Math.abs(binValue(toBin(value)) - value) / value).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR + 1e-9);
    }
  });

  it('puts values below 1 in bin 0 and clamps huge values into the last bin', () => {
    expect(toBin(0)).toBe(0);
    expect(toBin(0.4)).toBe(0);
    expect(toBin(Number.NaN)).toBe(0);
    expect(toBin(1e12)).toBe(HISTOGRAM_BINS - 1);
  });

  it('reads a bin back in the vital unit, with its rating', () => {
    expect(toVitalSummary('LCP', toBin(3000), 4)).toMatchObject({ count: 4, rating: 'needs-improvement' });
    expect(toVitalSummary('CLS', toBin(50), 1)).toMatchObject({ p75: expect.closeTo(0.05, 2), rating: 'good' });
  });
});
