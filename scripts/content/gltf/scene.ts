import type { Geometry, Vec3 } from './geometry.ts';

/** A product as plain data: a node tree whose parts reference materials by key, plus an optional looping animation. */
export type TextureSet = 'oak' | 'ash' | 'wool';

export interface MaterialSpec {
  name: string;
  /** sRGB hex (unused where textures are set). */
  color: string;
  /** sRGB hex multiplied into the textures (baseColorFactor), so colour variants share one neutral texture. */
  tint?: string;
  metallic: number;
  roughness: number;
  emissive?: string;
  /** KHR_materials_emissive_strength, for light sources brighter than 1.0. */
  emissiveStrength?: number;
  textures?: TextureSet;
  doubleSided?: boolean;
}

export interface PartSpec {
  material: string;
  geometry: Geometry;
}

export interface NodeSpec {
  name: string;
  translation?: Vec3;
  /** Quaternion [x, y, z, w]. */
  rotation?: [number, number, number, number];
  parts: PartSpec[];
  children?: NodeSpec[];
}

export interface AnimationChannelSpec {
  node: string;
  times: number[];
  rotations: [number, number, number, number][];
}

/** A KHR_materials_variants variant: its name in the file and, per default material key, the material key it swaps in. */
export interface VariantSpec {
  name: string;
  swap: Record<string, string>;
}

export interface ProductSpec {
  slug: string;
  title: string;
  materials: Record<string, MaterialSpec>;
  root: NodeSpec;
  animation?: { name: string; channels: AnimationChannelSpec[] };
  variants?: VariantSpec[];
}

/** Materials measured from real samples where it matters (linear PBR, metres). */
export const MATERIALS = {
  oakOiled: { name: 'Oiled oak', color: '#b98d5c', metallic: 0, roughness: 0.58, textures: 'oak' },
  oak: { name: 'Oak', color: '#c29a6b', metallic: 0, roughness: 0.6 },
  ashOiled: { name: 'Oiled ash', color: '#cbb38c', metallic: 0, roughness: 0.55, textures: 'ash' },
  ash: { name: 'Ash', color: '#c9b28e', metallic: 0, roughness: 0.6 },
  walnut: { name: 'Walnut', color: '#5b3b26', metallic: 0, roughness: 0.5 },
  beech: { name: 'Steamed beech', color: '#b6845c', metallic: 0, roughness: 0.55 },
  wool: { name: 'Boiled wool, sage', color: '#7f8c78', tint: '#97a58f', metallic: 0, roughness: 0.92, textures: 'wool' },
  woolCharcoal: { name: 'Boiled wool, charcoal', color: '#3d3e40', tint: '#5a5c60', metallic: 0, roughness: 0.94, textures: 'wool' },
  woolOchre: { name: 'Boiled wool, ochre', color: '#b8863b', tint: '#d09647', metallic: 0, roughness: 0.92, textures: 'wool' },
  oakSmoked: { name: 'Smoked oak', color: '#6b4a2e', tint: '#89776f', metallic: 0, roughness: 0.6, textures: 'oak' },
  powderGraphite: { name: 'Powder-coated steel, graphite', color: '#2e3033', metallic: 0, roughness: 0.48 },
  powderChalk: { name: 'Powder-coated steel, chalk', color: '#e7e3da', metallic: 0, roughness: 0.5 },
  aluminium: { name: 'Brushed aluminium', color: '#c3c6c8', metallic: 1, roughness: 0.32 },
  brass: { name: 'Brushed brass', color: '#c8a769', metallic: 1, roughness: 0.3 },
  steel: { name: 'Blackened steel', color: '#3a3a3a', metallic: 1, roughness: 0.42 },
  opal: { name: 'Opal diffuser', color: '#f7f1e6', metallic: 0, roughness: 0.35, emissive: '#ffe7c2', emissiveStrength: 4 },
  cable: { name: 'Textile cable', color: '#1d1d1d', metallic: 0, roughness: 0.85 },
  celadon: { name: 'Celadon glaze', color: '#9fb9a8', metallic: 0, roughness: 0.18 },
  stoneware: { name: 'Raw stoneware', color: '#cbbfae', metallic: 0, roughness: 0.85 },
  rubber: { name: 'Natural rubber', color: '#3b332c', metallic: 0, roughness: 0.9 },
} satisfies Record<string, MaterialSpec>;

export type MaterialKey = keyof typeof MATERIALS;

export function pickMaterials(...keys: MaterialKey[]): Record<string, MaterialSpec> {
  return Object.fromEntries(keys.map((key) => [key, MATERIALS[key] as MaterialSpec]));
}

export function part(material: MaterialKey, geometry: Geometry): PartSpec {
  return { material, geometry };
}

/** Quaternion for a rotation of `degrees` about one axis. */
export function axisRotation(axis: Vec3, degrees: number): [number, number, number, number] {
  const half = (degrees * Math.PI) / 360;
  const length = Math.hypot(...axis);
  const s = Math.sin(half) / length;
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(half)];
}
