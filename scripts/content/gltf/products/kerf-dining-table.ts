import { Shape } from 'three';

import { beam, merge, place, projectUvs, roundedBox, slab } from '../geometry.ts';
import { part, pickMaterials } from '../scene.ts';

import type { Geometry } from '../geometry.ts';
import type { ProductSpec } from '../scene.ts';

/** Trestle dining table in solid walnut. 2000 × 740 × 900 mm. */
/** The extrusion bevel grows the outline, so the shape is drawn that much smaller. */
const BEVEL = 0.004;

function roundedRectangle(width: number, depth: number, radius: number): Shape {
  const [w, d] = [width / 2, depth / 2];
  const shape = new Shape();
  shape.moveTo(-w + radius, -d);
  shape.lineTo(w - radius, -d);
  shape.quadraticCurveTo(w, -d, w, -d + radius);
  shape.lineTo(w, d - radius);
  shape.quadraticCurveTo(w, d, w - radius, d);
  shape.lineTo(-w + radius, d);
  shape.quadraticCurveTo(-w, d, -w, d - radius);
  shape.lineTo(-w, -d + radius);
  shape.quadraticCurveTo(-w, -d, -w + radius, -d);
  return shape;
}

function trestle(x: number): Geometry[] {
  return [
    beam([x, 0.045, 0.32], [x, 0.69, 0.09], 0.055, 0.05),
    beam([x, 0.045, -0.32], [x, 0.69, -0.09], 0.055, 0.05),
    place(projectUvs(roundedBox([0.075, 0.05, 0.8], 0.008, 2), 3, 2), { at: [x, 0.025, 0] }),
    place(projectUvs(roundedBox([0.075, 0.045, 0.7], 0.008, 2), 3, 2), { at: [x, 0.6875, 0] }),
  ];
}

export function createProduct(): ProductSpec {
  const top = place(slab(roundedRectangle(2 - 2 * BEVEL, 0.9 - 2 * BEVEL, 0.035), 0.03, BEVEL), { at: [0, 0.71, 0] });
  const stretcher = place(projectUvs(roundedBox([1.5, 0.07, 0.034], 0.006, 2), 3, 0), { at: [0, 0.3, 0] });
  return {
    slug: 'kerf-dining-table',
    title: 'Kerf Dining Table',
    materials: pickMaterials('walnut'),
    root: {
      name: 'Kerf Dining Table',
      parts: [],
      children: [
        { name: 'Top', parts: [part('walnut', top)] },
        { name: 'Base', parts: [part('walnut', merge([...trestle(-0.74), ...trestle(0.74), stretcher]))] },
      ],
    },
  };
}
