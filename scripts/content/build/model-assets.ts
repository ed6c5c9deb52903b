import { Box3, Vector3 } from 'three';

import { MODELS } from '../data/models/index.ts';
import { PRODUCT_BUILDERS } from '../gltf/products/index.ts';
import { writeModel } from '../gltf/write-model.ts';
import { renderPoster } from '../images/posters.ts';
import { allPoints, collectWorldMeshes } from '../images/rasterizer.ts';
import { uploadedBefore } from './timeline.ts';

import type { NodeIO } from '@gltf-transform/core';
import type { ModelData } from '../data/types.ts';
import type { ProductSpec } from '../gltf/scene.ts';
import type { AssetStore } from './asset-store.ts';

/** Per model: the glTF file in its variant, a poster, and the real dimensions measured from the mesh. */
export interface BuiltModel {
  data: ModelData;
  product: ProductSpec;
  fileAssetId: string;
  posterAssetId: string;
  dimensions: { width: number; height: number; depth: number; unit: 'mm' };
}

const VARIANT_LABEL = {
  glb: { 'en-US': 'GLB', 'de-DE': 'GLB' },
  textured: { 'en-US': 'GLB with embedded textures', 'de-DE': 'GLB mit eingebetteten Texturen' },
  animated: { 'en-US': 'GLB with animation', 'de-DE': 'GLB mit Animation' },
  draco: { 'en-US': 'Draco-compressed GLB', 'de-DE': 'Draco-komprimiertes GLB' },
  meshopt: { 'en-US': 'meshopt-compressed GLB', 'de-DE': 'meshopt-komprimiertes GLB' },
  ktx2: { 'en-US': 'GLB with KTX2 (Basis Universal) textures', 'de-DE': 'GLB mit KTX2-Texturen (Basis Universal)' },
  gltf: { 'en-US': 'glTF with external buffer and textures', 'de-DE': 'glTF mit externem Buffer und Texturen' },
} as const;

export function getProduct(slug: string): ProductSpec {
  const build = PRODUCT_BUILDERS[slug];
  if (!build) throw new Error(`No product builder for ${slug}`);
  return build();
}

export function measureDimensions(product: ProductSpec): BuiltModel['dimensions'] {
  const box = new Box3().setFromPoints(allPoints(collectWorldMeshes(product)).map((point) => new Vector3(...point)));
  const size = box.getSize(new Vector3()).multiplyScalar(1000);
  return { width: Math.round(size.x), height: Math.round(size.y), depth: Math.round(size.z), unit: 'mm' };
}

async function buildModel(io: NodeIO, store: AssetStore, data: ModelData): Promise<BuiltModel> {
  const product = getProduct(data.slug);
  const files = await writeModel(io, product, data.variant);
  const timing = uploadedBefore(data.publishedOn);
  const fileAssetId = `${data.variant === 'gltf' ? 'gltf' : 'glb'}-${data.slug}`;
  const variant = VARIANT_LABEL[data.variant];
  await store.add({
    id: fileAssetId,
    fileName: files.main.fileName,
    contentType: files.main.contentType,
    bytes: files.main.bytes,
    sidecars: files.sidecars,
    title: { 'en-US': `${data.name['en-US']} (3D model)`, 'de-DE': `${data.name['de-DE'] ?? data.name['en-US']} (3D-Modell)` },
    description: { 'en-US': `${variant['en-US']}, real-world scale in metres, y-up.`, 'de-DE': `${variant['de-DE']}, maßstäblich in Metern, Y nach oben.` },
    ...timing,
  });
  const posterAssetId = `poster-${data.slug}`;
  await store.add({
    id: posterAssetId,
    fileName: `${data.slug}-poster.jpg`,
    contentType: 'image/jpeg',
    bytes: await renderPoster(product, { azimuthDeg: data.camera.azimuthDeg, polarDeg: data.camera.polarDeg, ...data.poster }),
    title: { 'en-US': `${data.name['en-US']}, studio poster`, 'de-DE': `${data.name['de-DE'] ?? data.name['en-US']}, Studioaufnahme` },
    description: {
      'en-US': `Rendering of the ${data.name['en-US']} on a soft studio background.`,
      'de-DE': `Rendering: ${data.name['de-DE'] ?? data.name['en-US']} vor weichem Studiohintergrund.`,
    },
    ...timing,
  });
  return { data, product, fileAssetId, posterAssetId, dimensions: measureDimensions(product) };
}

export async function buildModels(io: NodeIO, store: AssetStore): Promise<BuiltModel[]> {
  const built: BuiltModel[] = [];
  for (const data of MODELS) built.push(await buildModel(io, store, data));
  return built;
}
