import { lathe } from '../geometry.ts';
import { part, pickMaterials } from '../scene.ts';

import type { ProfilePoint } from '../geometry.ts';
import type { ProductSpec } from '../scene.ts';

/** Thrown stoneware vase in celadon glaze with an unglazed foot. Ø 176 mm, 320 mm tall. */
const HEIGHT = 0.32;
const WALL = 0.0065;

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** Outer radius at height y: a low belly, a long neck and a small flared lip, with faint throwing rings. */
function outerRadius(y: number): number {
  const belly = 0.047 + 0.041 * Math.exp(-(((y - 0.095) / 0.075) ** 2));
  const neck = 0.038 + 0.004 * smoothstep(0.27, 0.32, y);
  const blend = smoothstep(0.14, 0.26, y);
  const rings = 0.0008 * Math.sin(y * Math.PI * 2 * 14) * (1 - smoothstep(0.18, 0.24, y));
  return belly * (1 - blend) + neck * blend + rings + 0.012 * smoothstep(0.295, 0.32, y) ** 2;
}

export function createProduct(): ProductSpec {
  const steps = 48;
  const outer: ProfilePoint[] = [
    [0, 0.004],
    [0.038, 0.004],
    [0.042, 0.001],
    [0.045, 0.0],
    [0.0465, 0.004],
  ];
  for (let i = 0; i <= steps; i += 1) {
    const y = 0.008 + ((HEIGHT - 0.008) * i) / steps;
    outer.push([outerRadius(y), y]);
  }
  const lipInner: ProfilePoint = [outerRadius(HEIGHT) - WALL, HEIGHT - 0.002];
  const glaze: ProfilePoint[] = [...outer.slice(4), lipInner];
  for (let i = steps; i >= 0; i -= 1) {
    const y = 0.02 + ((HEIGHT - 0.028) * i) / steps;
    glaze.push([Math.max(0.004, outerRadius(y + 0.004) - WALL), y]);
  }
  glaze.push([0, 0.018]);
  const foot = outer.slice(0, 5);
  return {
    slug: 'tide-vase',
    title: 'Tide Vase',
    materials: pickMaterials('celadon', 'stoneware'),
    root: { name: 'Tide Vase', parts: [part('celadon', lathe(glaze, 56)), part('stoneware', lathe(foot, 56))] },
  };
}
