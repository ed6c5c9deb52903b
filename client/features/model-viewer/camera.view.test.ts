import { describe, expect, it } from 'vitest';

import { getFraming, getOrbitView } from './camera.ts';
import { formatOrbit, parseOrbit } from './view-state.ts';

const FRAME = { center: { x: 0, y: 0.6, z: 0 }, radius: 1, fovDeg: 30, aspect: 4 / 3 };

describe('a link view (?view=) and the camera', () => {
  it('places the camera at the linked angles and distance, and reads the same view back', () => {
    const framing = getFraming({ ...FRAME, orbit: { azimuthDeg: -120, polarDeg: 55, distance: 3.2 } });

    const view = getOrbitView(framing.position, framing.target, 1);

    expect(view.azimuthDeg).toBeCloseTo(-120, 6);
    expect(view.polarDeg).toBeCloseTo(55, 6);
    expect(view.distance).toBeCloseTo(3.2, 6);
  });

  it('survives the URL: format, parse and frame again land on the same camera position', () => {
    const first = getFraming({ ...FRAME, orbit: { azimuthDeg: 170.04, polarDeg: 80, distance: 2.5 } });
    const parsed = parseOrbit(formatOrbit(getOrbitView(first.position, first.target, 1)));

    const second = getFraming({ ...FRAME, orbit: parsed });

    expect(second.position.x).toBeCloseTo(first.position.x, 2);
    expect(second.position.y).toBeCloseTo(first.position.y, 2);
    expect(second.position.z).toBeCloseTo(first.position.z, 2);
  });

  it('measures the distance in bounding-sphere radii, so it means the same for any model size', () => {
    const big = getFraming({ ...FRAME, center: { x: 0, y: 300, z: 0 }, radius: 500, orbit: { azimuthDeg: 30, polarDeg: 70, distance: 4 } });

    expect(getOrbitView(big.position, big.target, 500).distance).toBeCloseTo(4, 6);
  });

  it('keeps a linked distance within the zoom limits, and a polar angle above the floor', () => {
    const near = getFraming({ ...FRAME, orbit: { azimuthDeg: 0, polarDeg: 90, distance: 0.01 } });
    const far = getFraming({ ...FRAME, orbit: { azimuthDeg: 0, polarDeg: 179, distance: 99 } });

    expect(getOrbitView(near.position, near.target, 1).distance).toBeCloseTo(near.minDistance, 6);
    expect(getOrbitView(far.position, far.target, 1).distance).toBeCloseTo(far.maxDistance, 6);
    expect(getOrbitView(far.position, far.target, 1).polarDeg).toBeCloseTo((far.maxPolarAngle * 180) / Math.PI, 6);
  });

  it('without a linked distance frames the whole model, as before', () => {
    const linked = getFraming({ ...FRAME, orbit: { azimuthDeg: 30, polarDeg: 70 } });
    const fallback = getFraming(FRAME);

    expect(linked.position).toEqual(fallback.position);
  });
});
