import { merge, place, projectUvs, roundedBox, strut } from '../geometry.ts';
import { part, pickMaterials } from '../scene.ts';

import type { Geometry, Vec3 } from '../geometry.ts';
import type { ProductSpec } from '../scene.ts';

/**
 * Lounge chair: oiled oak frame, loose boiled-wool cushions. About 680 × 825 × 720 mm. Three KHR_materials_variants (the modelVariant
 * entries' `gltfName`): the wool colours tint one undyed texture and Charcoal smokes the oak, so every variant shares the two texture pairs.
 */
const WOOD_REPEAT = 2.2;
const WOOL_REPEAT = 7;

function board(size: Vec3, at: Vec3, grain: 0 | 1 | 2, rotate: Vec3 = [0, 0, 0]): Geometry {
  return place(projectUvs(roundedBox(size, Math.min(...size) * 0.3, 2), WOOD_REPEAT, grain), { at, rotate });
}

export function createProduct(): ProductSpec {
  const frame: Geometry[] = [];
  for (const side of [-1, 1]) {
    const x = side * 0.31;
    frame.push(strut([x, 0, 0.3], [x, 0.585, 0.27], 0.015, 0.019));
    frame.push(strut([x, 0, -0.3], [x, 0.75, -0.385], 0.015, 0.019));
    frame.push(board([0.06, 0.026, 0.7], [x, 0.6, -0.04], 2, [-3, 0, 0]));
    frame.push(board([0.026, 0.06, 0.58], [x, 0.32, 0], 2));
  }
  frame.push(board([0.6, 0.06, 0.026], [0, 0.32, 0.285], 0));
  frame.push(board([0.6, 0.06, 0.026], [0, 0.32, -0.3], 0));
  frame.push(board([0.64, 0.075, 0.03], [0, 0.715, -0.37], 0, [-12, 0, 0]));
  frame.push(board([0.6, 0.05, 0.024], [0, 0.47, -0.33], 0, [-12, 0, 0]));

  const seat = place(projectUvs(roundedBox([0.58, 0.11, 0.56], 0.045, 4), WOOL_REPEAT, 0), { at: [0, 0.405, 0.005], rotate: [-4, 0, 0] });
  const back = place(projectUvs(roundedBox([0.56, 0.4, 0.1], 0.045, 4), WOOL_REPEAT, 0), { at: [0, 0.625, -0.29], rotate: [-14, 0, 0] });

  return {
    slug: 'ostra-lounge-chair',
    title: 'Ostra Lounge Chair',
    materials: pickMaterials('oakOiled', 'wool', 'woolCharcoal', 'woolOchre', 'oakSmoked'),
    root: {
      name: 'Ostra Lounge Chair',
      parts: [],
      children: [
        { name: 'Frame', parts: [part('oakOiled', merge(frame))] },
        { name: 'Cushions', parts: [part('wool', merge([seat, back]))] },
      ],
    },
    variants: [
      { name: 'Sage', swap: {} },
      { name: 'Charcoal', swap: { wool: 'woolCharcoal', oakOiled: 'oakSmoked' } },
      { name: 'Ochre', swap: { wool: 'woolOchre' } },
    ],
  };
}
