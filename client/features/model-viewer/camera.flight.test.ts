import { describe, expect, it } from 'vitest';

import { easeInOutCubic, getOrbitOffset, getOrbitPose, interpolatePose } from './camera.ts';

const DEG = Math.PI / 180;

describe('getOrbitPose', () => {
  it('inverts getOrbitOffset around any target', () => {
    const target = { x: 0.2, y: 0.5, z: -0.1 };
    const offset = getOrbitOffset(120 * DEG, 60 * DEG, 3.5);
    const pose = getOrbitPose({ x: target.x + offset.x, y: target.y + offset.y, z: target.z + offset.z }, target);

    expect(pose.azimuthRad).toBeCloseTo(120 * DEG, 9);
    expect(pose.polarRad).toBeCloseTo(60 * DEG, 9);
    expect(pose.distance).toBeCloseTo(3.5, 9);
  });
});

describe('easeInOutCubic', () => {
  it('starts and ends at rest, passes the middle at half, and clamps outside 0…1', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5, 9);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    expect(easeInOutCubic(0.9)).toBeGreaterThan(0.9);
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
  });
});

describe('interpolatePose', () => {
  const from = { azimuthRad: 170 * DEG, polarRad: 40 * DEG, distance: 4 };
  const to = { azimuthRad: -170 * DEG, polarRad: 80 * DEG, distance: 2 };

  it('lands exactly on both ends', () => {
    expect(interpolatePose(from, to, 0)).toEqual(from);
    const end = interpolatePose(from, to, 1);
    expect(end.polarRad).toBeCloseTo(to.polarRad, 9);
    expect(end.distance).toBeCloseTo(to.distance, 9);
    expect(Math.cos(end.azimuthRad - to.azimuthRad)).toBeCloseTo(1, 9);
  });

  it('turns the short way round (20° across ±180°, not 340° back)', () => {
    const middle = interpolatePose(from, to, 0.5);

    expect(middle.azimuthRad).toBeCloseTo(180 * DEG, 9);
    expect(middle.polarRad).toBeCloseTo(60 * DEG, 9);
    expect(middle.distance).toBeCloseTo(3, 9);
  });

  it('moves monotonically, so the camera never overshoots', () => {
    const distances = [0, 0.2, 0.4, 0.6, 0.8, 1].map((t) => interpolatePose(from, to, t).distance);

    expect(distances).toEqual([...distances].sort((a, b) => b - a));
  });
});
