import { beam, merge, place, projectUvs, roundedBox } from '../geometry.ts';
import { part, pickMaterials } from '../scene.ts';

import type { ProductSpec } from '../scene.ts';

/** Leaning ladder shelf: ash rails, five oak boards that get shallower towards the top. About 680 × 1810 × 445 mm. */
const HEIGHT = 1.8;
const FOOT_Z = 0.21;
const TOP_Z = -0.19;

function railZ(y: number): number {
  return FOOT_Z + ((TOP_Z - FOOT_Z) * y) / HEIGHT;
}

export function createProduct(): ProductSpec {
  const rails = [-0.33, 0.33].map((x) => beam([x, 0, FOOT_Z], [x, HEIGHT, TOP_Z], 0.024, 0.048, 0.004));
  const boards = [0.22, 0.56, 0.9, 1.24, 1.56].map((y) => {
    const front = railZ(y) + 0.03;
    const depth = front - (TOP_Z - 0.02);
    return place(projectUvs(roundedBox([0.636, 0.02, depth], 0.004, 1), 3, 0), { at: [0, y, front - depth / 2] });
  });
  return {
    slug: 'ladder-shelf',
    title: 'Ladder Shelf',
    materials: pickMaterials('ash', 'oak'),
    root: { name: 'Ladder Shelf', parts: [part('ash', merge(rails)), part('oak', merge(boards))] },
  };
}
