import { Box3, Group, Vector3 } from 'three';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';

import { disposeCloneSkeletons, readGltf, retainGltf } from '../gltf-cache.ts';
import { createGltfLoad } from '../gltf-loader.ts';
import { applyVariant, getVariantMaterials } from '../variants.ts';
import { getRealScale } from './real-scale.ts';

import type { Object3D, WebGLRenderer } from 'three';

import type { Dimensions, ViewerSource } from '#shared/content/types.ts';

/** `root` stands on y = 0, centred on the origin, at real size; `release` lets go of the shared download. */
export interface ArModel {
  root: Group;
  release(): void;
}

export function placeAtRealScale(model: Object3D, dimensions?: Dimensions): Group {
  const root = new Group();
  // USD prim name of the wrapper in an exported USDZ (tests read its scale there).
  root.name = 'RealScale';
  root.add(model);
  model.updateMatrixWorld(true);
  const box = new Box3().setFromObject(model);
  // An empty box's size and centre are zero (three's getters), its min.y is Infinity.
  model.position.sub(box.getCenter(new Vector3()).setY(box.isEmpty() ? 0 : box.min.y));
  root.scale.setScalar(getRealScale(box.getSize(new Vector3()), dimensions));
  root.updateMatrixWorld(true);
  return root;
}

/** Through the viewer's cache (a model it already shows costs no request) and loader, cloned so the viewer's copy is untouched. */
export async function loadArModel(source: ViewerSource, renderer: WebGLRenderer, variant?: string): Promise<ArModel> {
  const result = await readGltf(source.src, 0, createGltfLoad(renderer, source.files));
  if (!result.ok) throw result.error instanceof Error ? result.error : new Error('The model could not be loaded');
  const { gltf } = result;
  const release = retainGltf(source.src, gltf);
  try {
    // The loader rejects a file without a scene (requireScene).
    const clone = cloneSkinned(gltf.scene);
    applyVariant(
      clone,
      await getVariantMaterials(gltf),
      source.variants?.find((each) => each.id === variant),
    );
    return {
      root: placeAtRealScale(clone, source.dimensions),
      release() {
        disposeCloneSkeletons(clone);
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
