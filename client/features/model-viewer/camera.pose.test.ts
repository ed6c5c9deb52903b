import { describe, expect, it } from 'vitest';

import { getOrbitOffset, getOrbitPose } from './camera.ts';

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
