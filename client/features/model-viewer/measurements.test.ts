import { describe, expect, it } from 'vitest';

import { getDimensionGeometry, getDimensionReadings } from './measurements.tsx';

const CHAIR = { x: 0.452, y: 0.8, z: 0.5 };

describe('getDimensionReadings', () => {
  it("reads width, height and depth from the file's box in the entry's unit", () => {
    const readings = getDimensionReadings(CHAIR, 'en-US', { width: 45, height: 80, depth: 50, unit: 'cm' });

    expect(readings.map((reading) => [reading.axis, reading.text])).toEqual([
      ['width', '45.2 cm'],
      ['height', '80 cm'],
      ['depth', '50 cm'],
    ]);
    expect(readings.some((reading) => reading.entryText)).toBe(false);
  });

  it('formats numbers for the locale: a German decimal comma', () => {
    expect(getDimensionReadings(CHAIR, 'de-DE', { width: 45, height: 80, depth: 50, unit: 'cm' })[0]?.text).toBe('45,2 cm');
    expect(getDimensionReadings({ x: 1.25, y: 2, z: 0.5 }, 'de-DE', { width: 1.25, height: 2, depth: 0.5, unit: 'm' })[0]?.text).toBe('1,25 m');
    expect(getDimensionReadings(CHAIR, 'en-US', { width: 452, height: 800, depth: 500, unit: 'mm' })[1]?.text).toBe('800 mm');
  });

  it('picks centimetres below a metre and metres above when the entry states no unit', () => {
    expect(getDimensionReadings(CHAIR, 'en-US')[1]?.text).toBe('80 cm');
    expect(getDimensionReadings({ x: 2.4, y: 0.75, z: 1 }, 'en-US')[0]?.text).toBe('2.4 m');
  });

  it('flags an axis on which the entry differs from the file by more than 5 %, and only that one', () => {
    const readings = getDimensionReadings(CHAIR, 'en-US', { width: 47, height: 90, depth: 50, unit: 'cm' });

    expect(readings[0]?.entryText).toBeUndefined(); // 45.2 against 47: 3.8 %
    expect(readings[1]?.entryText).toBe('90 cm');
    expect(readings[2]?.entryText).toBeUndefined();
  });
});

describe('getDimensionGeometry', () => {
  it('draws three lines with two end ticks each, outside the drawn box, and a label anchor per line', () => {
    const { segments, anchors } = getDimensionGeometry({ size: CHAIR, scale: 2 });

    expect(segments).toHaveLength(9 * 6);
    const xs = segments.filter((_, i) => i % 3 === 0);
    const ys = segments.filter((_, i) => i % 3 === 1);
    expect(Math.max(...ys)).toBeCloseTo(1.6, 6); // the height line spans the drawn height
    expect(Math.max(...xs.map(Math.abs))).toBeGreaterThan(0.452); // beside the box, not through it
    // The width line spans the drawn width exactly.
    expect([segments[0], segments[3]]).toEqual([-0.452, 0.452]);
    expect(anchors).toHaveLength(3);
    expect(anchors[1]?.y).toBeCloseTo(0.8, 6);
  });
});
