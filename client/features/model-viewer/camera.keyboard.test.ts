import { describe, expect, it } from 'vitest';

import { applyOrbitCommand, getOrbitCommand } from './camera.ts';

const limits = { minDistance: 1, maxDistance: 10, minPolarAngle: 0, maxPolarAngle: Math.PI / 2 };
const target = { x: 0, y: 0, z: 0 };
const DEG = Math.PI / 180;

describe('getOrbitCommand', () => {
  it('maps arrows to orbit steps of 10°, 45° with Shift', () => {
    expect(getOrbitCommand('ArrowRight')).toEqual({ kind: 'orbit', azimuthRad: 10 * DEG, polarRad: 0 });
    expect(getOrbitCommand('ArrowUp', true)).toEqual({ kind: 'orbit', azimuthRad: 0, polarRad: -45 * DEG });
  });

  it('maps + and − (with or without Shift on US layouts) to zoom', () => {
    expect(getOrbitCommand('+')).toMatchObject({ kind: 'zoom' });
    expect(getOrbitCommand('=')).toMatchObject({ kind: 'zoom' });
    expect(getOrbitCommand('-')).toMatchObject({ kind: 'zoom' });
  });

  it('maps Home to reset and ignores other keys so Tab keeps working', () => {
    expect(getOrbitCommand('Home')).toEqual({ kind: 'reset' });
    expect(getOrbitCommand('Tab')).toBeNull();
    expect(getOrbitCommand('a')).toBeNull();
  });
});

describe('applyOrbitCommand', () => {
  const front = { x: 0, y: 0, z: 5 };

  it('turns the camera around the target keeping its distance', () => {
    const next = applyOrbitCommand(front, target, { kind: 'orbit', azimuthRad: 90 * DEG, polarRad: 0 }, limits);

    expect(next.x).toBeCloseTo(5, 6);
    expect(next.z).toBeCloseTo(0, 6);
    expect(Math.hypot(next.x, next.y, next.z)).toBeCloseTo(5, 6);
  });

  it('does not go below the maximum polar angle', () => {
    const next = applyOrbitCommand(front, target, { kind: 'orbit', azimuthRad: 0, polarRad: 30 * DEG }, limits);

    expect(next.y).toBeCloseTo(0, 6);
  });

  it('zooms within the distance limits', () => {
    const closer = applyOrbitCommand(front, target, { kind: 'zoom', factor: 0.01 }, limits);
    const farther = applyOrbitCommand(front, target, { kind: 'zoom', factor: 100 }, limits);

    expect(Math.hypot(closer.x, closer.y, closer.z)).toBeCloseTo(1, 6);
    expect(Math.hypot(farther.x, farther.y, farther.z)).toBeCloseTo(10, 6);
  });

  it('orbits around an off-origin target', () => {
    const offTarget = { x: 10, y: 2, z: -3 };

    const next = applyOrbitCommand({ x: 10, y: 2, z: 2 }, offTarget, { kind: 'orbit', azimuthRad: 180 * DEG, polarRad: 0 }, limits);

    expect(next.x).toBeCloseTo(10, 6);
    expect(next.z).toBeCloseTo(-8, 6);
  });
});
