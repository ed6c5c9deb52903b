import { describe, expect, it } from 'vitest';

import { getDistanceLimits, getFitDistance, getFraming, getMaxPolarAngle, getOrbitOffset } from './camera.ts';

const DEG = Math.PI / 180;

describe('getFitDistance', () => {
  it('fits the sphere vertically when the view is wider than tall', () => {
    const distance = getFitDistance(1, 30, 4 / 3, 1);

    expect(distance).toBeCloseTo(1 / Math.sin(15 * DEG), 6);
  });

  it('fits the sphere horizontally when the view is taller than wide', () => {
    const halfHorizontal = Math.atan(Math.tan(15 * DEG) * 0.5);

    expect(getFitDistance(1, 30, 0.5, 1)).toBeCloseTo(1 / Math.sin(halfHorizontal), 6);
  });

  it('scales linearly with the radius and the margin', () => {
    expect(getFitDistance(250, 30, 1, 1.1)).toBeCloseTo(getFitDistance(1, 30, 1, 1) * 250 * 1.1, 6);
  });

  it('never returns zero for an empty model', () => {
    expect(getFitDistance(0, 30, 1)).toBeGreaterThan(0);
  });
});

describe('getDistanceLimits', () => {
  it('keeps the camera outside the bounding sphere and the fit distance inside the range', () => {
    const fit = getFitDistance(1, 30, 4 / 3);

    const { minDistance, maxDistance } = getDistanceLimits(1, fit);

    expect(minDistance).toBeGreaterThan(1);
    expect(minDistance).toBeLessThan(fit);
    expect(maxDistance).toBeGreaterThan(fit);
  });

  it('scales with the model so millimetre and metre files behave alike', () => {
    const small = getDistanceLimits(0.2, getFitDistance(0.2, 30, 1));
    const large = getDistanceLimits(200, getFitDistance(200, 30, 1));

    expect(large.minDistance / small.minDistance).toBeCloseTo(1000, 6);
    expect(large.maxDistance / small.maxDistance).toBeCloseTo(1000, 6);
  });
});

describe('getMaxPolarAngle', () => {
  it('stops at the horizon when the target sits on the floor', () => {
    expect(getMaxPolarAngle(0, 10)).toBeCloseTo(Math.PI / 2, 6);
  });

  it('allows looking slightly up at a tall model without going under the floor', () => {
    const angle = getMaxPolarAngle(1, 5);
    const lowestCameraY = 1 + 5 * Math.cos(angle);

    expect(angle).toBeGreaterThan(Math.PI / 2);
    expect(lowestCameraY).toBeCloseTo(0, 6);
  });

  it('keeps a clearance above the floor when asked', () => {
    const angle = getMaxPolarAngle(1, 5, 0.1);

    expect(1 + 5 * Math.cos(angle)).toBeCloseTo(0.1, 6);
  });
});

describe('getOrbitOffset', () => {
  it('puts azimuth 0 in front of the model (+z) and polar 90° at the horizon', () => {
    const offset = getOrbitOffset(0, 90 * DEG, 2);

    expect(offset.x).toBeCloseTo(0, 6);
    expect(offset.y).toBeCloseTo(0, 6);
    expect(offset.z).toBeCloseTo(2, 6);
  });

  it('turns positive azimuths towards +x', () => {
    const offset = getOrbitOffset(90 * DEG, 90 * DEG, 2);

    expect(offset.x).toBeCloseTo(2, 6);
    expect(offset.z).toBeCloseTo(0, 6);
  });

  it('looks straight down at polar 0', () => {
    const offset = getOrbitOffset(30 * DEG, 0, 3);

    expect(offset).toEqual({ x: 0, y: 3, z: 0 });
  });
});

describe('getFraming', () => {
  const base = { center: { x: 0, y: 0.5, z: 0 }, radius: 1, fovDeg: 30, aspect: 4 / 3 };

  it('places the camera at the fit distance along the requested angle', () => {
    const framing = getFraming({ ...base, orbit: { azimuthDeg: 30, polarDeg: 65 } });
    const { x, y, z } = framing.position;
    const distance = Math.hypot(x, y - 0.5, z);

    expect(distance).toBeCloseTo(getFitDistance(1, 30, 4 / 3), 6);
    expect(Math.acos((y - 0.5) / distance) / DEG).toBeCloseTo(65, 6);
    expect(Math.atan2(x, z) / DEG).toBeCloseTo(30, 6);
    expect(framing.target).toEqual(base.center);
  });

  it('clamps an editor angle from below the floor to the lowest allowed one', () => {
    const framing = getFraming({ ...base, orbit: { azimuthDeg: 0, polarDeg: 170 } });

    expect(framing.position.y).toBeGreaterThan(0);
    expect(framing.maxPolarAngle).toBeLessThan((170 * Math.PI) / 180);
  });

  it('uses a three-quarter view from above by default', () => {
    const framing = getFraming(base);

    expect(framing.position.x).toBeGreaterThan(0);
    expect(framing.position.y).toBeGreaterThan(base.center.y);
  });

  it('sets near and far planes that contain the whole zoom range', () => {
    const framing = getFraming(base);

    expect(framing.near).toBeGreaterThan(0);
    expect(framing.near).toBeLessThan(framing.minDistance - 1);
    expect(framing.far).toBeGreaterThan(framing.maxDistance + 1);
  });
});
