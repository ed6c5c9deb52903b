import { lathe, merge, place, projectUvs, strut, torus } from '../geometry.ts';
import { part, pickMaterials } from '../scene.ts';

import type { ProductSpec } from '../scene.ts';

/** Three-legged stool in oiled ash with a blackened-steel foot ring. Seat Ø 344 mm, 453 mm tall. */
const SEAT_TOP = 0.45;
const WOOD_REPEAT = 2.4;

function legFoot(angle: number, y: number, radius: number): [number, number, number] {
  return [Math.cos(angle) * radius, y, Math.sin(angle) * radius];
}

export function createProduct(): ProductSpec {
  const seat = projectUvs(
    lathe(
      [
        [0, SEAT_TOP - 0.034],
        [0.16, SEAT_TOP - 0.034],
        [0.168, SEAT_TOP - 0.03],
        [0.172, SEAT_TOP - 0.02],
        [0.172, SEAT_TOP - 0.012],
        [0.168, SEAT_TOP - 0.003],
        [0.16, SEAT_TOP],
        [0, SEAT_TOP],
      ],
      64,
    ),
    WOOD_REPEAT,
    2,
  );
  const legs = [90, 210, 330].map((degrees) => {
    const angle = (degrees * Math.PI) / 180;
    return strut(legFoot(angle, 0, 0.195), legFoot(angle, SEAT_TOP - 0.03, 0.105), 0.013, 0.017, 20);
  });
  const ringHeight = 0.16;
  const ringRadius = 0.195 - (0.09 * ringHeight) / (SEAT_TOP - 0.03);
  const ring = place(torus(ringRadius, 0.0055, 10, 96), { at: [0, ringHeight, 0], rotate: [90, 0, 0] });
  return {
    slug: 'tripod-stool',
    title: 'Tripod Stool',
    materials: pickMaterials('ashOiled', 'steel'),
    root: { name: 'Tripod Stool', parts: [part('ashOiled', merge([seat, ...legs])), part('steel', ring)] },
  };
}
