import { lathe } from '../geometry.ts';
import { part, pickMaterials } from '../scene.ts';

import type { ProfilePoint } from '../geometry.ts';
import type { ProductSpec } from '../scene.ts';

/** Round carver's mallet, beech head, oiled ash handle (textured) and a brass ferrule, shown standing on its head. Ø 92 mm, 285 mm. */
function headProfile(): ProfilePoint[] {
  const points: ProfilePoint[] = [
    [0, 0],
    [0.036, 0],
    [0.036, 0],
  ];
  for (let i = 0; i <= 16; i += 1) {
    const y = 0.004 + (0.104 * i) / 16;
    points.push([0.04 + 0.006 * Math.sin((Math.PI * (y - 0.004)) / 0.104), y]);
  }
  points.push([0.036, 0.11], [0.036, 0.11], [0, 0.11]);
  return points;
}

function handleProfile(): ProfilePoint[] {
  const points: ProfilePoint[] = [[0.0145, 0.118]];
  for (let i = 1; i <= 20; i += 1) {
    const t = i / 20;
    points.push([0.0145 + 0.0045 * Math.sin(Math.PI * Math.min(1, t * 1.15)) + 0.001 * t, 0.118 + 0.152 * t]);
  }
  points.push([0.017, 0.276], [0.013, 0.283], [0.006, 0.2855], [0, 0.286]);
  return points;
}

export function createProduct(): ProductSpec {
  const ferrule: ProfilePoint[] = [
    [0.0165, 0.108],
    [0.0175, 0.109],
    [0.0175, 0.12],
    [0.0165, 0.121],
  ];
  return {
    slug: 'carvers-mallet',
    title: "Carver's Mallet",
    materials: pickMaterials('beech', 'ashOiled', 'brass'),
    root: {
      name: "Carver's Mallet",
      parts: [part('beech', lathe(headProfile(), 48)), part('ashOiled', lathe(handleProfile(), 32)), part('brass', lathe(ferrule, 32))],
    },
  };
}
