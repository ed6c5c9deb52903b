import {
  BufferAttribute,
  BufferGeometry as ThreeGeometry,
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

import type { Shape, BufferGeometry } from 'three';

/** Indexed triangle meshes in metres (y-up, front = +z) and the primitives the products are made of; three.js does the maths. */
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

/**
 * TANGENT (xyz, w = handedness) for a normal-mapped primitive: without it the validator warns that the viewer must generate a
 * tangent space (MESH_PRIMITIVE_GENERATED_TANGENT_SPACE). three's per-triangle UV gradients; where UVs degenerate, any unit vector ⟂ the normal.
 */
export function tangents(geometry: Geometry): number[] {
  const source = new ThreeGeometry();
  source.setAttribute('position', new BufferAttribute(new Float32Array(geometry.positions), 3));
  source.setAttribute('normal', new BufferAttribute(new Float32Array(geometry.normals), 3));
  source.setAttribute('uv', new BufferAttribute(new Float32Array(geometry.uvs), 2));
  source.setIndex(geometry.indices);
  source.computeTangents();
  const computed = source.getAttribute('tangent').array;
  const [tangent, normal] = [new Vector3(), new Vector3()];
  const result: number[] = [];
  for (let i = 0; i < computed.length / 4; i += 1) {
    tangent.fromArray(computed, i * 4);
    normal.fromArray(geometry.normals, i * 3);
    tangent.sub(normal.clone().multiplyScalar(normal.dot(tangent)));
    if (!(tangent.length() > 1e-6)) tangent.crossVectors(normal, Math.abs(normal.x) < 0.9 ? new Vector3(1, 0, 0) : new Vector3(0, 1, 0));
    tangent.normalize();
    result.push(tangent.x, tangent.y, tangent.z, (computed[i * 4 + 3] ?? 1) < 0 ? -1 : 1);
  }
  return result;
}

interface Placement {
  at?: Vec3;
  /** Euler angles in degrees, XYZ order. */
  rotate?: Vec3;
  quaternion?: Quaternion;
  scale?: Vec3;
}

export function place(geometry: Geometry, placement: Placement): Geometry {
  const rotation =
    placement.quaternion ?? new Quaternion().setFromEuler(new Euler(...((placement.rotate ?? [0, 0, 0]).map((deg) => (deg * Math.PI) / 180) as Vec3)));
  const matrix = new Matrix4().compose(new Vector3(...(placement.at ?? [0, 0, 0])), rotation, new Vector3(...(placement.scale ?? [1, 1, 1])));
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

/** Stands a bar built along +y between two points. */
function alongSegment(bar: (length: number) => Geometry, from: Vec3, to: Vec3): Geometry {
  const start = new Vector3(...from);
  const direction = new Vector3(...to).sub(start);
  const rotation = new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), direction.clone().normalize());
  const middle = start.add(direction.clone().multiplyScalar(0.5));
  return place(bar(direction.length()), { at: [middle.x, middle.y, middle.z], quaternion: rotation });
}

/** A (tapered) round bar from one point to another. */
export function strut(from: Vec3, to: Vec3, radiusFrom: number, radiusTo = radiusFrom, radialSegments = 16): Geometry {
  return alongSegment((length) => cylinder(radiusTo, radiusFrom, length, radialSegments), from, to);
}

/** A rectangular bar from one point to another (for rails and stretchers). */
export function beam(from: Vec3, to: Vec3, width: number, height: number, radius = 0.002): Geometry {
  return alongSegment((length) => projectUvs(roundedBox([width, length, height], radius, 1), 4, 1), from, to);
}

/** One point of a lathe profile: radius and height in metres. Repeat a point to get a crisp edge there. */
export type ProfilePoint = [radius: number, height: number];

function segmentNormal(a: ProfilePoint, b: ProfilePoint): [number, number] | undefined {
  const dr = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dr, dy);
  return length < 1e-9 ? undefined : [dy / length, -dr / length];
}

/**
 * Revolves a profile around the y axis. Walk the profile so that the outside is on the
 * right (outer wall upwards, inner wall downwards); normals are averaged between
 * neighbouring segments except where a point is repeated.
 */
export function lathe(profile: ProfilePoint[], segments = 48): Geometry {
  const geometry: Geometry = { positions: [], normals: [], uvs: [], indices: [] };
  const lengths = [0];
  for (let i = 1; i < profile.length; i += 1) {
    const a = profile[i - 1] ?? [0, 0];
    const b = profile[i] ?? [0, 0];
    lengths.push((lengths[i - 1] ?? 0) + Math.hypot(b[0] - a[0], b[1] - a[1]));
  }
  const total = lengths.at(-1) || 1;
  profile.forEach((point, i) => {
    const before = i > 0 ? segmentNormal(profile[i - 1] ?? point, point) : undefined;
    const after = i < profile.length - 1 ? segmentNormal(point, profile[i + 1] ?? point) : undefined;
    const isSplit = i > 0 && i < profile.length - 1 && (!before || !after);
    const sum = isSplit ? (before ?? after ?? [1, 0]) : [(before?.[0] ?? 0) + (after?.[0] ?? 0), (before?.[1] ?? 0) + (after?.[1] ?? 0)];
    const length = Math.hypot(sum[0] ?? 0, sum[1] ?? 0);
    // A zero normal is a glTF validator error (ACCESSOR_VECTOR3_NON_UNIT): an open end repeated has no segment to take it from.
    if (length === 0) throw new Error(`lathe: profile point ${i} (${point.join(', ')}) has no normal; is an end point repeated?`);
    const [nr, ny] = [(sum[0] ?? 0) / length, (sum[1] ?? 0) / length];
    for (let j = 0; j <= segments; j += 1) {
      const angle = (j / segments) * Math.PI * 2;
      const [sin, cos] = [Math.sin(angle), Math.cos(angle)];
      geometry.positions.push(point[0] * sin, point[1], point[0] * cos);
      geometry.normals.push(nr * sin, ny, nr * cos);
      geometry.uvs.push(j / segments, (lengths[i] ?? 0) / total);
    }
  });
  const row = segments + 1;
  for (let i = 0; i < profile.length - 1; i += 1) {
    if (!segmentNormal(profile[i] ?? [0, 0], profile[i + 1] ?? [0, 0])) continue;
    for (let j = 0; j < segments; j += 1) {
      const a = i * row + j;
      const b = a + row;
      geometry.indices.push(a, a + 1, b, b, a + 1, b + 1);
    }
  }
  return orientTriangles(geometry);
}

/** Flips every triangle whose winding disagrees with its vertex normals (glTF front faces are counter-clockwise). */
function orientTriangles(geometry: Geometry): Geometry {
  const { positions: p, normals: n, indices } = geometry;
  const result: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t] ?? 0, indices[t + 1] ?? 0, indices[t + 2] ?? 0];
    const e1 = [0, 1, 2].map((k) => (p[b * 3 + k] ?? 0) - (p[a * 3 + k] ?? 0));
    const e2 = [0, 1, 2].map((k) => (p[c * 3 + k] ?? 0) - (p[a * 3 + k] ?? 0));
    const cross = [
      (e1[1] ?? 0) * (e2[2] ?? 0) - (e1[2] ?? 0) * (e2[1] ?? 0),
      (e1[2] ?? 0) * (e2[0] ?? 0) - (e1[0] ?? 0) * (e2[2] ?? 0),
      (e1[0] ?? 0) * (e2[1] ?? 0) - (e1[1] ?? 0) * (e2[0] ?? 0),
    ];
    const area = Math.hypot(...cross);
    if (area < 1e-12) continue;
    const dot = [0, 1, 2].reduce((sum, k) => sum + (cross[k] ?? 0) * ((n[a * 3 + k] ?? 0) + (n[b * 3 + k] ?? 0) + (n[c * 3 + k] ?? 0)), 0);
    result.push(...(dot >= 0 ? [a, b, c] : [a, c, b]));
  }
  return { ...geometry, indices: result };
}
