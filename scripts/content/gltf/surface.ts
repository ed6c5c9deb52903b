import { Matrix4, Ray, Vector3 } from 'three';

import type { Document } from '@gltf-transform/core';
import type { Vec3 } from './geometry.ts';

/** A ray an author aims at a part (content/source/hotspots/): from a point outside the model towards a point on or behind the part. */
export interface SurfaceRay {
  from: Vec3;
  toward: Vec3;
}

/** Where the ray first meets the model, in the default scene's root space (metres): a hotspot's `position` and outward `normal`. */
export interface SurfacePoint {
  position: { x: number; y: number; z: number };
  normal: { x: number; y: number; z: number };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits)) + 0;
const toXyz = (v: Vector3, digits: number) => ({ x: round(v.x, digits), y: round(v.y, digits), z: round(v.z, digits) });

/** Casts each ray against every triangle of the default scene (node transforms applied); throws when one misses. */
export function castRays(document: Document, rays: SurfaceRay[]): SurfacePoint[] {
  if (rays.length === 0) return [];
  const triangles: [Vector3, Vector3, Vector3][] = [];
  document
    .getRoot()
    .getDefaultScene()
    ?.traverse((node) => {
      const world = new Matrix4().fromArray(node.getWorldMatrix());
      for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
        const [position, indices] = [primitive.getAttribute('POSITION'), primitive.getIndices()];
        if (!position || !indices) continue;
        const vertex = (i: number) => new Vector3().fromArray(position.getElement(indices.getScalar(i), [0, 0, 0])).applyMatrix4(world);
        for (let i = 0; i < indices.getCount(); i += 3) triangles.push([vertex(i), vertex(i + 1), vertex(i + 2)]);
      }
    });
  return rays.map(({ from, toward }) => {
    const ray = new Ray(new Vector3(...from), new Vector3(...toward).sub(new Vector3(...from)).normalize());
    let best: { distance: number; point: Vector3; triangle: [Vector3, Vector3, Vector3] } | undefined;
    for (const triangle of triangles) {
      const point = ray.intersectTriangle(...triangle, false, new Vector3());
      const distance = point?.distanceTo(ray.origin) ?? Number.POSITIVE_INFINITY;
      if (point && distance < (best?.distance ?? Number.POSITIVE_INFINITY)) best = { distance, point, triangle };
    }
    if (!best) throw new Error(`The ray from ${from.join(', ')} towards ${toward.join(', ')} misses the model`);
    const [a, b, c] = best.triangle;
    const normal = new Vector3().subVectors(b, a).cross(new Vector3().subVectors(c, a)).normalize();
    // The face the ray meets looks back at where it came from.
    if (normal.dot(ray.direction) > 0) normal.negate();
    return { position: toXyz(best.point, 4), normal: toXyz(normal, 4) };
  });
}
