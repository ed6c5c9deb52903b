import { describe, expect, it } from 'vitest';

import { easeInOutCubic, getOrbitOffset, getOrbitPose, interpolateAim } from './camera.ts';

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

describe('interpolateAim', () => {
  const from = { target: { x: 0, y: 0.5, z: 0 }, pose: { azimuthRad: 170 * DEG, polarRad: 40 * DEG, distance: 4 } };
  const to = { target: { x: 0.6, y: 0.3, z: 0.2 }, pose: { azimuthRad: -170 * DEG, polarRad: 80 * DEG, distance: 2 } };

  it('lands exactly on both ends', () => {
    expect(interpolateAim(from, to, 0)).toEqual(from);
    const end = interpolateAim(from, to, 1);
    expect(end.target).toEqual(to.target);
    expect(end.pose.polarRad).toBeCloseTo(to.pose.polarRad, 9);
    expect(end.pose.distance).toBeCloseTo(to.pose.distance, 9);
    expect(Math.cos(end.pose.azimuthRad - to.pose.azimuthRad)).toBeCloseTo(1, 9);
  });

  it('turns the short way round (20° across ±180°, not 340° back) while the target glides', () => {
    const middle = interpolateAim(from, to, 0.5);

    expect(middle.pose.azimuthRad).toBeCloseTo(180 * DEG, 9);
    expect(middle.pose.polarRad).toBeCloseTo(60 * DEG, 9);
    expect(middle.pose.distance).toBeCloseTo(3, 9);
    expect(middle.target.x).toBeCloseTo(0.3, 9);
    expect(middle.target.y).toBeCloseTo(0.4, 9);
  });

  it('moves monotonically, so the camera never overshoots', () => {
    const distances = [0, 0.2, 0.4, 0.6, 0.8, 1].map((t) => interpolateAim(from, to, t).pose.distance);

    expect(distances).toEqual([...distances].sort((a, b) => b - a));
  });
});
