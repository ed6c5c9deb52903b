import { Matrix4, PerspectiveCamera, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';

import { getHotspotPose, getHotspotScreen, toWorld } from './hotspot-geometry.ts';

const DEG = Math.PI / 180;
const limits = { minDistance: 1, maxDistance: 10, minPolarAngle: 0, maxPolarAngle: 90 * DEG };

/** A camera at `position` looking at the origin, matrices current. */
function cameraAt(x: number, y: number, z: number): PerspectiveCamera {
  const camera = new PerspectiveCamera(30, 2, 0.1, 100);
  camera.position.set(x, y, z);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  return camera;
}

describe('toWorld', () => {
  it('moves points with the root (translation and scale) and turns normals without scaling them', () => {
    // The viewer's chain: a scale group of 0.5 around a <Center> offset of (0, 1, 0), plus a 90° turn about y.
    const root = new Matrix4().compose(new Vector3(0, 0.5, 0), new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), 90 * DEG), new Vector3(0.5, 0.5, 0.5));
    const world = toWorld({ position: { x: 2, y: 0, z: 0 }, normal: { x: 3, y: 0, z: 0 } }, root);

    expect(world.position.x).toBeCloseTo(0, 9);
    expect(world.position.y).toBeCloseTo(0.5, 9);
    expect(world.position.z).toBeCloseTo(-1, 9);
    expect(world.normal.x).toBeCloseTo(0, 9);
    expect(world.normal.z).toBeCloseTo(-1, 9);
  });

  it('keeps normals perpendicular to surfaces under non-uniform scale (the normal matrix, not the model matrix)', () => {
    const root = new Matrix4().makeScale(2, 1, 1);
    // A 45° slope: the normal (1, 1, 0) becomes (0.5, 1, 0) normalised, not (2, 1, 0).
    const { normal } = toWorld({ position: { x: 0, y: 0, z: 0 }, normal: { x: 1, y: 1, z: 0 } }, root);

    expect(normal.x / normal.y).toBeCloseTo(0.5, 9);
  });
});

describe('getHotspotScreen', () => {
  const identity = new Matrix4();

  it('puts the point the camera looks at in the canvas centre, facing when its normal points at the camera', () => {
    const screen = getHotspotScreen({ position: { x: 0, y: 0, z: 0 }, normal: { x: 0, y: 0, z: 1 } }, identity, cameraAt(0, 0, 5), 800, 400);

    expect(screen.x).toBeCloseTo(400, 6);
    expect(screen.y).toBeCloseTo(200, 6);
    expect(screen).toMatchObject({ isOnScreen: true, isFacing: true });
  });

  it('maps up to smaller y and right to larger x (CSS pixels)', () => {
    const camera = cameraAt(0, 0, 5);
    const up = getHotspotScreen({ position: { x: 0, y: 0.5, z: 0 }, normal: { x: 0, y: 0, z: 1 } }, identity, camera, 800, 400);
    const right = getHotspotScreen({ position: { x: 0.5, y: 0, z: 0 }, normal: { x: 0, y: 0, z: 1 } }, identity, camera, 800, 400);

    expect(up.y).toBeLessThan(200);
    expect(right.x).toBeGreaterThan(400);
  });

  it('reports a hotspot on the far side as not facing, and one behind the camera as off screen', () => {
    const camera = cameraAt(0, 0, 5);
    const back = getHotspotScreen({ position: { x: 0, y: 0, z: -0.5 }, normal: { x: 0, y: 0, z: -1 } }, identity, camera, 800, 400);
    const behind = getHotspotScreen({ position: { x: 0, y: 0, z: 8 }, normal: { x: 0, y: 0, z: 1 } }, identity, camera, 800, 400);

    expect(back).toMatchObject({ isOnScreen: true, isFacing: false });
    expect(behind.isOnScreen).toBe(false);
  });
});

describe('getHotspotPose', () => {
  const current = { azimuthRad: 0, polarRad: 60 * DEG, distance: 4 };

  it("uses the editor's view, in radii of the unit-scaled model, clamped to the controls' limits", () => {
    expect(getHotspotPose({ azimuthDeg: 90, polarDeg: 45, distance: 2.5 }, { x: 0, y: 0, z: 1 }, current, limits)).toEqual({
      azimuthRad: 90 * DEG,
      polarRad: 45 * DEG,
      distance: 2.5,
    });
    const clamped = getHotspotPose({ azimuthDeg: 0, polarDeg: 150, distance: 50 }, { x: 0, y: 0, z: 1 }, current, limits);
    expect(clamped.polarRad).toBeCloseTo(90 * DEG, 9);
    expect(clamped.distance).toBe(10);
  });

  it('without a view, looks along the normal from the current distance', () => {
    const pose = getHotspotPose(undefined, { x: 1, y: 1, z: 0 }, current, limits);

    expect(pose.azimuthRad).toBeCloseTo(90 * DEG, 9);
    expect(pose.polarRad).toBeCloseTo(45 * DEG, 9);
    expect(pose.distance).toBe(4);
  });

  it('keeps the current angles for a degenerate normal', () => {
    expect(getHotspotPose(undefined, { x: 0, y: 0, z: 0 }, current, limits)).toEqual(current);
  });
});
