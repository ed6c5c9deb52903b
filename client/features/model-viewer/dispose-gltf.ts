import type { BufferGeometry, Material, Object3D, Skeleton, Texture } from 'three';

/**
 * Releases what a loaded glTF holds on the GPU and in decoded images. three
 * never frees geometries, materials or textures by itself (and R3F does not
 * dispose `<primitive>` objects), so a viewer that swaps models must
 * (threejs.org/docs/#manual/en/introduction/How-to-dispose-of-objects).
 */

interface Disposables {
  geometries: Set<BufferGeometry>;
  materials: Set<Material>;
  textures: Set<Texture>;
  skeletons: Set<Skeleton>;
}

function isTexture(value: unknown): value is Texture {
  return typeof value === 'object' && value !== null && (value as { isTexture?: unknown }).isTexture === true;
}

function collectTextures(material: Material, textures: Set<Texture>): void {
  for (const value of Object.values(material)) {
    if (isTexture(value)) textures.add(value);
  }
  // ShaderMaterial (and KHR_materials_* extensions built on it) keep textures in uniforms.
  const uniforms = (material as { uniforms?: Record<string, { value?: unknown }> }).uniforms;
  for (const uniform of Object.values(uniforms ?? {})) {
    if (isTexture(uniform.value)) textures.add(uniform.value);
  }
}

/** Every geometry, material, texture and skeleton reachable from the roots, each once. */
export function collectDisposables(roots: Object3D[]): Disposables {
  const found: Disposables = { geometries: new Set(), materials: new Set(), textures: new Set(), skeletons: new Set() };
  for (const root of roots) {
    root.traverse((object) => {
      const { geometry, material, skeleton } = object as Partial<{
        geometry: BufferGeometry;
        material: Material | Material[];
        skeleton: Skeleton;
      }>;
      if (geometry?.isBufferGeometry) found.geometries.add(geometry);
      for (const each of Array.isArray(material) ? material : material ? [material] : []) {
        found.materials.add(each);
        collectTextures(each, found.textures);
      }
      if (skeleton) found.skeletons.add(skeleton);
    });
  }
  return found;
}

/** ImageBitmaps (GLTFLoader's default in Chromium) keep their pixels until closed. */
function closeImage(texture: Texture): void {
  const data: unknown = texture.source?.data;
  if (typeof ImageBitmap !== 'undefined' && data instanceof ImageBitmap) data.close();
}

export function disposeObjects(roots: Object3D[]): void {
  const { geometries, materials, textures, skeletons } = collectDisposables(roots);
  for (const geometry of geometries) geometry.dispose();
  for (const material of materials) material.dispose();
  for (const texture of textures) {
    texture.dispose();
    closeImage(texture);
  }
  for (const skeleton of skeletons) skeleton.dispose();
}

/** Disposes all scenes of a loaded glTF (`gltf.scene` is one of `gltf.scenes`). */
export function disposeGltf(gltf: { scene: Object3D; scenes?: Object3D[] }): void {
  disposeObjects([gltf.scene, ...(gltf.scenes ?? [])]);
}

/**
 * A clone made with SkeletonUtils shares geometry, materials and textures
 * with the cached original but has its own skeletons (and bone textures).
 */
export function disposeCloneSkeletons(clone: Object3D): void {
  for (const skeleton of collectDisposables([clone]).skeletons) skeleton.dispose();
}
