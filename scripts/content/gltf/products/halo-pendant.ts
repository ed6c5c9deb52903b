import { cylinder, merge, place, strut, torus } from '../geometry.ts';
import { part, pickMaterials } from '../scene.ts';

import type { ProductSpec } from '../scene.ts';

/** Ring pendant: brushed brass halo with an opal LED channel, on three cables. Ø 632 mm, 843 mm from canopy to ring. */
const RING_RADIUS = 0.3;
const RING_HEIGHT = 0.12;
const CANOPY_HEIGHT = 0.93;

export function createProduct(): ProductSpec {
  const ring = place(torus(RING_RADIUS, 0.016, 18, 128), { at: [0, RING_HEIGHT, 0], rotate: [90, 0, 0] });
  const diffuser = place(torus(RING_RADIUS, 0.011, 12, 128), { at: [0, RING_HEIGHT - 0.012, 0], rotate: [90, 0, 0], scale: [1, 1, 0.55] });
  const cables = merge(
    [90, 210, 330].map((degrees) => {
      const angle = (degrees * Math.PI) / 180;
      return strut([Math.cos(angle) * RING_RADIUS, RING_HEIGHT + 0.014, Math.sin(angle) * RING_RADIUS], [0, CANOPY_HEIGHT - 0.01, 0], 0.0012, 0.0012, 6);
    }),
  );
  const canopy = merge([
    place(cylinder(0.055, 0.062, 0.022, 48), { at: [0, CANOPY_HEIGHT + 0.004, 0] }),
    place(cylinder(0.008, 0.008, 0.012, 16), { at: [0, CANOPY_HEIGHT - 0.012, 0] }),
  ]);
  return {
    slug: 'halo-pendant',
    title: 'Halo Pendant',
    materials: pickMaterials('brass', 'opal', 'cable', 'powderChalk'),
    root: {
      name: 'Halo Pendant',
      parts: [part('powderChalk', canopy), part('cable', cables)],
      children: [{ name: 'Halo', parts: [part('brass', ring), part('opal', diffuser)] }],
    },
  };
}
