import { describe, expect, it } from 'vitest';

import { getRealScale } from './real-scale.ts';

const chair = { x: 0.8, y: 0.75, z: 0.7 };

describe('getRealScale', () => {
  it('keeps the file’s metres when the entry has no dimensions', () => {
    expect(getRealScale(chair)).toBe(1);
  });

  it('is 1 when the file already matches the entry, in any unit', () => {
    expect(getRealScale(chair, { width: 80, height: 75, depth: 70, unit: 'cm' })).toBeCloseTo(1, 10);
    expect(getRealScale(chair, { width: 800, height: 750, depth: 700, unit: 'mm' })).toBeCloseTo(1, 10);
    expect(getRealScale(chair, { width: 0.8, height: 0.75, depth: 0.7, unit: 'm' })).toBeCloseTo(1, 10);
  });

  it('shrinks a model authored in centimetres to the entry’s size', () => {
    expect(getRealScale({ x: 80, y: 75, z: 70 }, { width: 80, height: 75, depth: 70, unit: 'cm' })).toBeCloseTo(0.01, 10);
  });

  it('matches extents by size, so width and depth swapped in the entry do not matter', () => {
    expect(getRealScale({ x: 1, y: 0.4, z: 2 }, { width: 4, height: 0.8, depth: 2, unit: 'm' })).toBeCloseTo(2, 10);
  });

  it('takes the median ratio, so one mistyped dimension does not distort the model', () => {
    expect(getRealScale(chair, { width: 160, height: 150, depth: 7, unit: 'cm' })).toBeCloseTo(2, 10);
  });

  it('ignores a flat axis and falls back to 1 for nonsense', () => {
    expect(getRealScale({ x: 2, y: 0, z: 1 }, { width: 400, height: 0, depth: 200, unit: 'cm' })).toBeCloseTo(2, 10);
    expect(getRealScale({ x: 0, y: 0, z: 0 }, { width: 1, height: 1, depth: 1, unit: 'm' })).toBe(1);
    expect(getRealScale(chair, { width: 80_000_000, height: 75_000_000, depth: 70_000_000, unit: 'm' })).toBe(1);
  });
});
