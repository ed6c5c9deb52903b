import { Matrix4, Quaternion, Vector3 } from 'three';

import { applyMatrix } from '../gltf/geometry.ts';
import { shade, toDisplay, toShadingMaterial } from './shading.ts';

import type { Geometry, Vec3 } from '../gltf/geometry.ts';
import type { NodeSpec, ProductSpec } from '../gltf/scene.ts';
import type { OrbitCamera } from './camera.ts';
import type { ShadingMaterial } from './shading.ts';

/**
 * A small z-buffered triangle rasterizer with per-pixel shading, used to render the
 * posters from the very meshes that go into the glTF files (rest pose).
 */
export interface WorldMesh {
  geometry: Geometry;
  material: ShadingMaterial;
}

export function collectWorldMeshes(product: ProductSpec): WorldMesh[] {
  const meshes: WorldMesh[] = [];
  const visit = (node: NodeSpec, parent: Matrix4) => {
    const local = new Matrix4().compose(
      new Vector3(...(node.translation ?? [0, 0, 0])),
      new Quaternion(...(node.rotation ?? [0, 0, 0, 1])),
      new Vector3(1, 1, 1),
    );
    const world = parent.clone().multiply(local);
    for (const part of node.parts) {
      const spec = product.materials[part.material];
      if (!spec) throw new Error(`Unknown material ${part.material}`);
      meshes.push({ geometry: applyMatrix(part.geometry, world), material: toShadingMaterial(spec) });
    }
    for (const child of node.children ?? []) visit(child, world);
  };
  visit(product.root, new Matrix4());
  return meshes;
}

export function allPoints(meshes: WorldMesh[]): Vec3[] {
  const points: Vec3[] = [];
  for (const { geometry } of meshes) {
    for (let i = 0; i < geometry.positions.length; i += 3)
      points.push([geometry.positions[i] ?? 0, geometry.positions[i + 1] ?? 0, geometry.positions[i + 2] ?? 0]);
  }
  return points;
}

interface Target {
  width: number;
  height: number;
  depth: Float32Array;
}

/** Calls `plot(x, y, b0, b1, b2)` for every pixel centre inside the screen-space triangle. */
function rasterizeTriangle(target: Target, a: number[], b: number[], c: number[], plot: (index: number, w0: number, w1: number, w2: number) => void): void {
  const [ax, ay, bx, by, cx, cy] = [a[0] ?? 0, a[1] ?? 0, b[0] ?? 0, b[1] ?? 0, c[0] ?? 0, c[1] ?? 0];
  const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (Math.abs(area) < 1e-9) return;
  const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
  const maxX = Math.min(target.width - 1, Math.ceil(Math.max(ax, bx, cx)));
  const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)));
  const maxY = Math.min(target.height - 1, Math.ceil(Math.max(ay, by, cy)));
  for (let y = minY; y <= maxY; y += 1) {
    const py = y + 0.5;
    for (let x = minX; x <= maxX; x += 1) {
      const px = x + 0.5;
      const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
      const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
      const w2 = 1 - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      plot(y * target.width + x, w0, w1, w2);
    }
  }
}

/** Renders shaded meshes to straight-alpha RGBA. */
export function renderMeshes(meshes: WorldMesh[], camera: OrbitCamera, width: number, height: number): Uint8Array {
  const target: Target = { width, height, depth: new Float32Array(width * height).fill(Infinity) };
  const color = new Float32Array(width * height * 3);
  const covered = new Uint8Array(width * height);
  for (const { geometry, material } of meshes) {
    const { positions, normals, indices } = geometry;
    const screen: number[][] = [];
    for (let i = 0; i < positions.length; i += 3) screen.push(camera.project([positions[i] ?? 0, positions[i + 1] ?? 0, positions[i + 2] ?? 0]));
    for (let t = 0; t < indices.length; t += 3) {
      const ids = [indices[t] ?? 0, indices[t + 1] ?? 0, indices[t + 2] ?? 0];
      const [a, b, c] = ids.map((id) => screen[id] ?? [0, 0, 1]) as [number[], number[], number[]];
      rasterizeTriangle(target, a, b, c, (index, w0, w1, w2) => {
        const [i0, i1, i2] = [w0 / (a[2] ?? 1), w1 / (b[2] ?? 1), w2 / (c[2] ?? 1)];
        const sum = i0 + i1 + i2;
        const depth = 1 / sum;
        if (depth >= (target.depth[index] ?? Infinity)) return;
        target.depth[index] = depth;
        covered[index] = 1;
        const point: Vec3 = [0, 0, 0];
        const normal: Vec3 = [0, 0, 0];
        for (let k = 0; k < 3; k += 1) {
          const weights = [i0 / sum, i1 / sum, i2 / sum];
          for (let v = 0; v < 3; v += 1) {
            point[k] = (point[k] ?? 0) + (weights[v] ?? 0) * (positions[(ids[v] ?? 0) * 3 + k] ?? 0);
            normal[k] = (normal[k] ?? 0) + (weights[v] ?? 0) * (normals[(ids[v] ?? 0) * 3 + k] ?? 0);
          }
        }
        const view = new Vector3().subVectors(camera.position, new Vector3(...point)).normalize();
        color.set(shade(material, normal, [view.x, view.y, view.z]), index * 3);
      });
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let index = 0; index < width * height; index += 1) {
    if (!covered[index]) continue;
    rgba.set([toDisplay(color[index * 3] ?? 0), toDisplay(color[index * 3 + 1] ?? 0), toDisplay(color[index * 3 + 2] ?? 0), 255], index * 4);
  }
  return rgba;
}

/** Coverage mask of the meshes' shadow on the floor (y = 0), cast along `light`. */
export function renderShadowMask(meshes: WorldMesh[], camera: OrbitCamera, light: Vec3, width: number, height: number): Uint8Array {
  const target: Target = { width, height, depth: new Float32Array(0) };
  const mask = new Uint8Array(width * height);
  for (const { geometry } of meshes) {
    const { positions, indices } = geometry;
    const screen: number[][] = [];
    for (let i = 0; i < positions.length; i += 3) {
      const [x, y, z] = [positions[i] ?? 0, positions[i + 1] ?? 0, positions[i + 2] ?? 0];
      const along = y / light[1];
      screen.push(camera.project([x - light[0] * along, 0, z - light[2] * along]));
    }
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [screen[indices[t] ?? 0], screen[indices[t + 1] ?? 0], screen[indices[t + 2] ?? 0]];
      if (a && b && c) rasterizeTriangle(target, a, b, c, (index) => (mask[index] = 255));
    }
  }
  return mask;
}
