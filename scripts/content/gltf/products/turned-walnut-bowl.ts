import { lathe } from '../geometry.ts';
import { part, pickMaterials } from '../scene.ts';

import type { ProfilePoint } from '../geometry.ts';
import type { ProductSpec } from '../scene.ts';

/** Bowl turned from a single piece of walnut, oil finish. Ø 256 mm, 82 mm tall. */
export function createProduct(): ProductSpec {
  const steps = 40;
  const outer: ProfilePoint[] = [
    [0, 0.002],
    [0.04, 0.002],
    [0.043, 0.0],
    [0.046, 0.0],
  ];
  const inner: ProfilePoint[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const t = i / steps;
    const angle = t * Math.PI * 0.5;
    outer.push([0.046 + 0.082 * Math.sin(angle) ** 0.8, 0.004 + 0.076 * (1 - Math.cos(angle)) ** 1.1]);
    inner.push([0.12 * Math.sin(angle) ** 0.85, 0.012 + 0.066 * (1 - Math.cos(angle)) ** 1.05]);
  }
  const rim: ProfilePoint[] = [
    [0.1285, 0.081],
    [0.126, 0.082],
    [0.122, 0.0815],
  ];
  const profile = [...outer, ...rim, ...inner.reverse()];
  return {
    slug: 'turned-walnut-bowl',
    title: 'Turned Walnut Bowl',
    materials: pickMaterials('walnut'),
    root: { name: 'Turned Walnut Bowl', parts: [part('walnut', lathe(profile, 72))] },
  };
}
