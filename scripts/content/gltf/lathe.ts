import type { Geometry } from './geometry.ts';

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
    const length = Math.hypot(sum[0] ?? 0, sum[1] ?? 0) || 1;
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
export function orientTriangles(geometry: Geometry): Geometry {
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
