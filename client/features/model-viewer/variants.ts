import { use, useLayoutEffect } from 'react';

import { holdWithGltf } from './gltf-cache.ts';
import { HEX_COLOR } from './variant-picker.tsx';

import type { Color, Material, Mesh, Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

import type { ModelVariant } from '#shared/content/types.ts';

// KHR_materials_variants from the file, colour variants from the entry (ADR 045). Materials are made once per cached glTF
// and disposed with it; switching only reassigns them on a clone.

const EXTENSION = 'KHR_materials_variants';

interface Mapping {
  material: number;
  variants: number[];
}

interface VariantMaterials {
  gltf: GLTF;
  names: string[];
  /** The final material per `geometry.uuid|material index`: GLTFLoader derives per-geometry copies (vertex colours, flat shading, tangents). */
  byGeometry: Map<string, Material>;
  /** Tinted copies for colour variants, per base material and colour. */
  tints: Map<string, Material>;
}

const prepared = new WeakMap<GLTF, VariantMaterials | Promise<VariantMaterials>>();
/** Each clone mesh's own material, recorded before the first switch. */
const defaults = new WeakMap<Object3D, Material>();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isIndex = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** GLTFLoader keeps unknown extensions in `userData`, and clones copy it. Untrusted JSON: anything malformed counts as none. */
function readList(owner: { userData?: unknown }, key: 'variants' | 'mappings'): unknown[] {
  const extension: unknown = (owner.userData as { gltfExtensions?: Record<string, unknown> } | undefined)?.gltfExtensions?.[EXTENSION];
  const list = isRecord(extension) ? extension[key] : undefined;
  return Array.isArray(list) ? list : [];
}

export function readVariantNames(gltf: Pick<GLTF, 'userData'>): string[] {
  return readList(gltf, 'variants').map((variant, index) => (isRecord(variant) && typeof variant.name === 'string' ? variant.name : `Variant ${index + 1}`));
}

function readMappings(object: Object3D): Mapping[] {
  return readList(object, 'mappings').filter(
    (mapping): mapping is Mapping => isRecord(mapping) && isIndex(mapping.material) && Array.isArray(mapping.variants) && mapping.variants.every(isIndex),
  );
}

const isMesh = (object: Object3D): object is Mesh => (object as Mesh).isMesh === true && !Array.isArray((object as Mesh).material);

/**
 * Made once per glTF; for a file with variants always the same promise, which never rejects (a material that fails to load
 * leaves its primitive on the default). Textures come from the parser's cache, so none loads twice.
 */
export function getVariantMaterials(gltf: GLTF): VariantMaterials | Promise<VariantMaterials> {
  const existing = prepared.get(gltf);
  if (existing) return existing;
  const materials: VariantMaterials = { gltf, names: readVariantNames(gltf), byGeometry: new Map(), tints: new Map() };
  if (materials.names.length === 0) {
    prepared.set(gltf, materials);
    return materials;
  }
  // The same promise settled or not: `use` then reads it without suspending, and a replayed render makes the same hook calls.
  const promise = prepare(materials).then(() => materials);
  prepared.set(gltf, promise);
  return promise;
}

async function prepare(materials: VariantMaterials): Promise<void> {
  const { gltf, byGeometry } = materials;
  const meshes: Mesh[] = [];
  // A file without scenes has no gltf.scene (the load step rejects it first); a throw here would reach the page through use().
  gltf.scene?.traverse((object) => {
    if (isMesh(object) && readMappings(object).length > 0) meshes.push(object);
  });
  const jobs = meshes.flatMap((mesh) =>
    readMappings(mesh).map(async ({ material: index }) => {
      const base = (await gltf.parser.getDependency('material', index)) as Material;
      // The derivation GLTFLoader applied to the default material (vertex colours, flat shading, tangents), cached by the parser.
      const probe = {
        geometry: mesh.geometry,
        material: base,
        isPoints: (mesh as { isPoints?: boolean }).isPoints,
        isLine: (mesh as { isLine?: boolean }).isLine,
      };
      gltf.parser.assignFinalMaterial(probe as unknown as Mesh);
      byGeometry.set(`${mesh.geometry.uuid}|${index}`, probe.material);
      holdWithGltf(gltf, [base, probe.material]);
    }),
  );
  await Promise.allSettled(jobs);
}

function tint(materials: VariantMaterials, base: Material, color: string): Material {
  const key = `${base.uuid}|${color.toLowerCase()}`;
  let tinted = materials.tints.get(key);
  if (!tinted) {
    tinted = base.clone();
    // Maps stay: the colour multiplies the base-colour texture, as glTF's baseColorFactor does. '#rrggbb' is sRGB.
    (tinted as { color?: Color }).color?.set(color);
    materials.tints.set(key, tinted);
    holdWithGltf(materials.gltf, [tinted]);
  }
  return tinted;
}

/** The file variant's materials, then the colours by material name; returns whether a material changed. */
export function applyVariant(root: Object3D, materials: VariantMaterials, variant: ModelVariant | undefined): boolean {
  const fileIndex = variant?.gltfName === undefined ? -1 : materials.names.indexOf(variant.gltfName);
  const colors = variant?.colors ?? {};
  let changed = false;
  root.traverse((object) => {
    if (!isMesh(object)) return;
    const own = defaults.get(object) ?? (object.material as Material);
    defaults.set(object, own);
    let next = own;
    const mapping = fileIndex < 0 ? undefined : readMappings(object).find((each) => each.variants.includes(fileIndex));
    if (mapping) next = materials.byGeometry.get(`${object.geometry.uuid}|${mapping.material}`) ?? own;
    const color = Object.hasOwn(colors, next.name) ? colors[next.name] : undefined;
    if (color !== undefined && HEX_COLOR.test(color)) next = tint(materials, next, color);
    if (object.material !== next) {
      object.material = next;
      changed = true;
    }
  });
  return changed;
}

/** From before the clone's first frame; one frame is drawn after each switch. */
export function useVariant(scene: Object3D, gltf: GLTF, variant: ModelVariant | undefined, invalidate: () => void): void {
  const entry = getVariantMaterials(gltf);
  const materials = entry instanceof Promise ? use(entry) : entry;
  useLayoutEffect(() => {
    if (applyVariant(scene, materials, variant)) invalidate();
  }, [scene, materials, variant, invalidate]);
}
