import { CatmullRomCurve3, TubeGeometry, Vector3 } from 'three';

import { cylinder, fromThree, lathe, merge, place, sphere, strut } from '../geometry.ts';
import { axisRotation, part, pickMaterials } from '../scene.ts';

import type { Geometry } from '../geometry.ts';
import type { AnimationChannelSpec, ProductSpec } from '../scene.ts';

/**
 * Balanced-arm desk lamp with a looping "reaching" animation on its three joints.
 * Base Ø 170 mm; at rest about 440 mm tall with 640 mm reach.
 */
const LOWER_ARM = 0.36;
const UPPER_ARM = 0.32;
const LOOP_SECONDS = 6;

function spring(from: number, to: number, offsetZ: number): Geometry {
  const points: Vector3[] = [];
  for (let t = 0; t <= 1; t += 1 / 240) {
    const angle = t * Math.PI * 2 * 28;
    points.push(new Vector3(Math.cos(angle) * 0.0045, from + (to - from) * t, offsetZ + Math.sin(angle) * 0.0045));
  }
  return fromThree(new TubeGeometry(new CatmullRomCurve3(points), 480, 0.0011, 5, false));
}

function knuckle(y: number): Geometry {
  return place(cylinder(0.011, 0.011, 0.04, 20), { at: [0, y, 0], rotate: [0, 0, 90] });
}

function rods(length: number): Geometry {
  return merge([strut([-0.013, 0, 0], [-0.013, length, 0], 0.0045), strut([0.013, 0, 0], [0.013, length, 0], 0.0045)]);
}

function shade(): { outer: Geometry; inner: Geometry; diffuser: Geometry } {
  // The shade opens downwards, so the outer profile runs from the rim up to the top centre.
  const outer = lathe(
    [
      [0.073, -0.1],
      [0.076, -0.1],
      [0.076, -0.1],
      [0.07, -0.09],
      [0.05, -0.045],
      [0.03, 0.005],
      [0.026, 0.03],
      [0.022, 0.035],
      [0, 0.035],
    ],
    48,
  );
  const inner = lathe(
    [
      [0, 0.002],
      [0.027, 0],
      [0.047, -0.047],
      [0.067, -0.09],
      [0.073, -0.1],
    ],
    48,
  );
  const diffuser = place(cylinder(0.045, 0.045, 0.004, 40), { at: [0, -0.045, 0] });
  return { outer, inner, diffuser };
}

/** Joint angles (degrees about x) over the loop; the rest pose is t = 0. */
function jointAngles(t: number) {
  const phase = (t / LOOP_SECONDS) * Math.PI * 2;
  return { lower: 22 + 14 * Math.sin(phase), upper: 78 - 20 * Math.sin(phase + 0.7), head: -112 + 12 * Math.sin(phase + 1.4) };
}

function animation(): AnimationChannelSpec[] {
  const times = Array.from({ length: 25 }, (_, i) => (i * LOOP_SECONDS) / 24);
  const channel = (node: string, key: 'lower' | 'upper' | 'head'): AnimationChannelSpec => ({
    node,
    times,
    rotations: times.map((t) => axisRotation([1, 0, 0], jointAngles(t)[key])),
  });
  return [channel('Lower arm', 'lower'), channel('Upper arm', 'upper'), channel('Head', 'head')];
}

export function createProduct(): ProductSpec {
  const rest = jointAngles(0);
  const base = merge([
    place(cylinder(0.085, 0.085, 0.02, 48), { at: [0, 0.012, 0] }),
    place(sphere(0.012, 16, 10), { at: [0, 0.05, 0] }),
    place(cylinder(0.009, 0.012, 0.03, 20), { at: [0, 0.035, 0] }),
  ]);
  const { outer, inner, diffuser } = shade();
  return {
    slug: 'pivot-desk-lamp',
    title: 'Pivot Desk Lamp',
    materials: pickMaterials('powderGraphite', 'rubber', 'aluminium', 'steel', 'brass', 'powderChalk', 'opal'),
    root: {
      name: 'Pivot Desk Lamp',
      parts: [part('powderGraphite', base), part('rubber', place(cylinder(0.08, 0.08, 0.003, 48), { at: [0, 0.0015, 0] }))],
      children: [
        {
          name: 'Lower arm',
          translation: [0, 0.05, 0],
          rotation: axisRotation([1, 0, 0], rest.lower),
          parts: [part('aluminium', rods(LOWER_ARM)), part('steel', spring(0.03, 0.22, -0.016)), part('brass', merge([knuckle(0), knuckle(LOWER_ARM)]))],
          children: [
            {
              name: 'Upper arm',
              translation: [0, LOWER_ARM, 0],
              rotation: axisRotation([1, 0, 0], rest.upper),
              parts: [part('aluminium', rods(UPPER_ARM)), part('brass', knuckle(UPPER_ARM))],
              children: [
                {
                  name: 'Head',
                  translation: [0, UPPER_ARM, 0],
                  rotation: axisRotation([1, 0, 0], rest.head),
                  parts: [part('powderGraphite', outer), part('powderChalk', inner), part('opal', diffuser)],
                },
              ],
            },
          ],
        },
      ],
    },
    animation: { name: 'Reach', channels: animation() },
  };
}
