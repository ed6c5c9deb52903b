import {
  BufferAttribute,
  BufferGeometry,
  CylinderGeometry,
  Euler,
  ExtrudeGeometry,
  Matrix3,
  Matrix4,
  Quaternion,
  SphereGeometry,
  TorusGeometry,
  Vector3,
} from 'three';
import { RoundedBoxGeometry } from 'three/addons/geometries/RoundedBoxGeometry.js';
import { mergeVertices } from 'three/addons/utils/BufferGeometryUtils.js';

import type { Shape } from 'three';

/**
 * Plain indexed triangle meshes in metres (y-up, front = +z) and the handful of
 * procedural primitives the products are made of. three.js supplies the vector maths
 * and a few parametric generators; lathe and strut are our own.
 */
export type Vec3 = [number, number, number];

export interface Geometry {
  positions: number[];
  normals: number[];
  uvs: number[];
  indices: number[];
}

export function fromThree(source: BufferGeometry): Geometry {
  const geometry = source.index ? source : mergeVertices(source, 1e-6);
  const uv = geometry.getAttribute('uv');
  const position = geometry.getAttribute('position');
  return {
    positions: Array.from(position.array as Float32Array),
    normals: Array.from(geometry.getAttribute('normal').array as Float32Array),
    uvs: uv ? Array.from(uv.array as Float32Array) : new Array<number>(position.count * 2).fill(0),
    indices: Array.from(geometry.index?.array ?? []),
  };
}

export function toThree(geometry: Geometry): BufferGeometry {
  const result = new BufferGeometry();
  result.setAttribute('position', new BufferAttribute(new Float32Array(geometry.positions), 3));
  result.setAttribute('normal', new BufferAttribute(new Float32Array(geometry.normals), 3));
  result.setAttribute('uv', new BufferAttribute(new Float32Array(geometry.uvs), 2));
  result.setIndex(geometry.indices);
  return result;
}

export interface Placement {
  at?: Vec3;
  /** Euler angles in degrees, XYZ order. */
  rotate?: Vec3;
  quaternion?: Quaternion;
  scale?: Vec3;
}

export function toMatrix(placement: Placement): Matrix4 {
  const rotation =
    placement.quaternion ?? new Quaternion().setFromEuler(new Euler(...((placement.rotate ?? [0, 0, 0]).map((deg) => (deg * Math.PI) / 180) as Vec3)));
  return new Matrix4().compose(new Vector3(...(placement.at ?? [0, 0, 0])), rotation, new Vector3(...(placement.scale ?? [1, 1, 1])));
}

export function place(geometry: Geometry, placement: Placement): Geometry {
  return applyMatrix(geometry, toMatrix(placement));
}

export function applyMatrix(geometry: Geometry, matrix: Matrix4): Geometry {
  const normalMatrix = new Matrix3().getNormalMatrix(matrix);
  const positions: number[] = [];
  const normals: number[] = [];
  const point = new Vector3();
  for (let index = 0; index < geometry.positions.length; index += 3) {
    point.fromArray(geometry.positions, index).applyMatrix4(matrix);
    positions.push(point.x, point.y, point.z);
    point.fromArray(geometry.normals, index).applyMatrix3(normalMatrix).normalize();
    normals.push(point.x, point.y, point.z);
  }
  const flipped = matrix.determinant() < 0;
  const indices = flipped ? geometry.indices.map((_, i, all) => all[i - (i % 3) + (2 - (i % 3))] ?? 0) : [...geometry.indices];
  return { positions, normals, uvs: [...geometry.uvs], indices };
}

export function merge(geometries: Geometry[]): Geometry {
  const merged: Geometry = { positions: [], normals: [], uvs: [], indices: [] };
  for (const geometry of geometries) {
    const offset = merged.positions.length / 3;
    merged.positions.push(...geometry.positions);
    merged.normals.push(...geometry.normals);
    merged.uvs.push(...geometry.uvs);
    merged.indices.push(...geometry.indices.map((index) => index + offset));
  }
  return merged;
}

/**
 * Box-projected UVs in metres × `repeatPerMetre`, with the texture's v axis along `grain`
 * (wood grain runs along a board, not across it). Apply before placing the part.
 */
export function projectUvs(geometry: Geometry, repeatPerMetre: number, grain: 0 | 1 | 2 = 1): Geometry {
  const uvs: number[] = [];
  for (let index = 0; index < geometry.positions.length; index += 3) {
    const normal = [0, 1, 2].map((axis) => Math.abs(geometry.normals[index + axis] ?? 0));
    const dominant = normal.indexOf(Math.max(...normal));
    const along = dominant === grain ? (grain + 1) % 3 : grain;
    const across = [0, 1, 2].find((axis) => axis !== dominant && axis !== along) ?? 0;
    uvs.push((geometry.positions[index + across] ?? 0) * repeatPerMetre, (geometry.positions[index + along] ?? 0) * repeatPerMetre);
  }
  return { ...geometry, uvs };
}

export function roundedBox(size: Vec3, radius: number, segments = 3): Geometry {
  return fromThree(new RoundedBoxGeometry(size[0], size[1], size[2], segments, radius));
}

export function cylinder(radiusTop: number, radiusBottom: number, height: number, radialSegments = 32): Geometry {
  return fromThree(new CylinderGeometry(radiusTop, radiusBottom, height, radialSegments, 1, false));
}

export function sphere(radius: number, widthSegments = 24, heightSegments = 16): Geometry {
  return fromThree(new SphereGeometry(radius, widthSegments, heightSegments));
}

export function torus(radius: number, tube: number, radialSegments = 16, tubularSegments = 96): Geometry {
  return fromThree(new TorusGeometry(radius, tube, radialSegments, tubularSegments));
}

/** A flat shape extruded along +y with a small bevel, e.g. a table top. */
export function slab(shape: Shape, thickness: number, bevel: number): Geometry {
  const extruded = new ExtrudeGeometry(shape, {
    depth: thickness - 2 * bevel,
    bevelEnabled: true,
    bevelThickness: bevel,
    bevelSize: bevel,
    bevelSegments: 2,
    curveSegments: 12,
  });
  extruded.rotateX(-Math.PI / 2);
  extruded.translate(0, bevel, 0);
  extruded.computeVertexNormals();
  return fromThree(extruded);
}

/** A (tapered) round bar from one point to another. */
export function strut(from: Vec3, to: Vec3, radiusFrom: number, radiusTo = radiusFrom, radialSegments = 16): Geometry {
  const start = new Vector3(...from);
  const direction = new Vector3(...to).sub(start);
  const length = direction.length();
  const bar = cylinder(radiusTo, radiusFrom, length, radialSegments);
  const rotation = new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), direction.clone().normalize());
  const middle = start.add(direction.multiplyScalar(0.5));
  return place(bar, { at: [middle.x, middle.y, middle.z], quaternion: rotation });
}

/** A rectangular bar from one point to another (for rails and stretchers). */
export function beam(from: Vec3, to: Vec3, width: number, height: number, radius = 0.002): Geometry {
  const start = new Vector3(...from);
  const direction = new Vector3(...to).sub(start);
  const bar = projectUvs(roundedBox([width, direction.length(), height], radius, 1), 4, 1);
  const rotation = new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), direction.clone().normalize());
  const middle = start.add(direction.multiplyScalar(0.5));
  return place(bar, { at: [middle.x, middle.y, middle.z], quaternion: rotation });
}
