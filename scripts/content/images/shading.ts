import { srgbToLinear } from '../gltf/build-document.ts';

import type { MaterialSpec } from '../gltf/scene.ts';

/**
 * Studio lighting for the poster renderer: a warm key softbox, a cool fill, a rim light
 * and a soft environment for reflections. Enough physics to make oak look like oak and
 * brass like brass; not a path tracer.
 */
type Vec = [number, number, number];

function normalize(v: Vec): Vec {
  const length = Math.hypot(...v) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

const LIGHTS: { direction: Vec; color: Vec }[] = [
  { direction: normalize([-0.55, 0.8, 0.55]), color: [2.6, 2.45, 2.2] },
  { direction: normalize([0.8, 0.3, 0.35]), color: [0.55, 0.62, 0.72] },
  { direction: normalize([0.2, 0.5, -0.9]), color: [0.9, 0.9, 0.9] },
];

export const KEY_LIGHT: Vec = LIGHTS[0]?.direction ?? [0, 1, 0];

/** Soft studio surroundings: bright ceiling, a softbox on the key side, a darker floor. */
function environment(r: Vec): Vec {
  const sky = Math.max(0, Math.min(1, r[1] * 0.8 + 0.45));
  const softbox = Math.max(0, dot(r, KEY_LIGHT)) ** 24 * 5;
  const base = 0.12 + 0.95 * sky;
  return [base + softbox, base * 0.98 + softbox, base * 0.95 + softbox * 0.95];
}

export interface ShadingMaterial {
  albedo: Vec;
  metallic: number;
  roughness: number;
  emissive: Vec;
}

export function toShadingMaterial(spec: MaterialSpec): ShadingMaterial {
  const emissive = spec.emissive ? srgbToLinear(spec.emissive).map((c) => c * Math.min(spec.emissiveStrength ?? 1, 1.6)) : [0, 0, 0];
  return { albedo: srgbToLinear(spec.color), metallic: spec.metallic, roughness: spec.roughness, emissive: emissive as Vec };
}

export function shade(material: ShadingMaterial, normalIn: Vec, view: Vec): Vec {
  let normal = normalize(normalIn);
  if (dot(normal, view) < 0) normal = [-normal[0], -normal[1], -normal[2]];
  const { albedo, metallic, roughness } = material;
  const f0: Vec = [0, 1, 2].map((i) => 0.04 * (1 - metallic) + (albedo[i] ?? 0) * metallic) as Vec;
  const shininess = Math.max(2, 2 / Math.max(0.02, roughness ** 4) - 2);
  const nv = Math.max(0, dot(normal, view));
  const fresnel = (1 - nv) ** 5;
  const out: Vec = [0, 0, 0];
  for (const light of LIGHTS) {
    const nl = Math.max(0, dot(normal, light.direction));
    const half = normalize([light.direction[0] + view[0], light.direction[1] + view[1], light.direction[2] + view[2]]);
    const specular = ((shininess + 8) / (8 * Math.PI)) * Math.max(0, dot(normal, half)) ** shininess * nl;
    for (let i = 0; i < 3; i += 1)
      out[i] = (out[i] ?? 0) + (light.color[i] ?? 0) * ((((albedo[i] ?? 0) * (1 - metallic) * nl) / Math.PI) * 2.2 + (f0[i] ?? 0) * specular * 0.35);
  }
  const reflected = normalize([
    2 * dot(normal, view) * normal[0] - view[0],
    2 * dot(normal, view) * normal[1] - view[1],
    2 * dot(normal, view) * normal[2] - view[2],
  ]);
  const env = environment(reflected);
  const blurred = environment(normal);
  const hemisphere = 0.35 + 0.25 * normal[1];
  for (let i = 0; i < 3; i += 1) {
    const reflection = (env[i] ?? 0) * (1 - roughness) + (blurred[i] ?? 0) * roughness;
    const specularWeight = (f0[i] ?? 0) + (1 - (f0[i] ?? 0)) * fresnel * (1 - roughness) * 0.6;
    out[i] = (out[i] ?? 0) + (albedo[i] ?? 0) * (1 - metallic) * hemisphere + reflection * specularWeight + (material.emissive[i] ?? 0);
  }
  return out;
}

const EXPOSURE = 0.85;

/** Filmic tone curve and sRGB encoding, to 0–255. */
export function toDisplay(linear: number): number {
  const value = linear * EXPOSURE;
  const mapped = (value * (2.51 * value + 0.03)) / (value * (2.43 * value + 0.59) + 0.14);
  const clamped = Math.min(1, Math.max(0, mapped));
  const srgb = clamped <= 0.0031308 ? clamped * 12.92 : 1.055 * clamped ** (1 / 2.4) - 0.055;
  return Math.round(srgb * 255);
}
