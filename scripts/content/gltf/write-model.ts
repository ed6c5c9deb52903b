import { Format, getBounds, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { draco, meshopt, weld } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { ktx2 } from 'ktx2-encoder/gltf-transform';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';

import { buildDocument } from './build-document.ts';
import { castRays } from './surface.ts';

import type { Scene } from '@gltf-transform/core';
import type { ProductSpec } from './scene.ts';
import type { SurfacePoint, SurfaceRay } from './surface.ts';

/** One glTF delivery variant per model, so the viewer is exercised with each (content/README.md lists them). */
export type ModelVariant = 'glb' | 'textured' | 'animated' | 'draco' | 'meshopt' | 'ktx2' | 'gltf';

export interface ModelFiles {
  main: { fileName: string; bytes: Uint8Array };
  /** Files the main file references by relative URI (only for the `.gltf` variant); each becomes its own asset, listed in `model.files`. */
  sidecars: { fileName: string; bytes: Uint8Array }[];
  /** Bounding box of the default scene in millimetres. */
  dimensions: { width: number; height: number; depth: number; unit: 'mm' };
  /** Where each of the `rays` meets the model (hotspot positions), measured before compression. */
  surface: SurfacePoint[];
}

/** A NodeIO that reads and writes every extension the demo uses, with the Draco and meshopt codecs. */
export async function createGltfIo(): Promise<NodeIO> {
  await Promise.all([MeshoptEncoder.ready, MeshoptDecoder.ready]);
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.encoder': await draco3d.createEncoderModule(),
    'draco3d.decoder': await draco3d.createDecoderModule(),
    'meshopt.encoder': MeshoptEncoder,
    'meshopt.decoder': MeshoptDecoder,
  });
}

/** ktx2-encoder's Node build needs the source images as RGBA pixels. */
async function decodeImage(bytes: Uint8Array): Promise<{ width: number; height: number; data: Uint8Array }> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** KHR_texture_basisu as production pipelines use it: colour as ETC1S (small, sRGB), normals as UASTC + RDO + Zstandard, with mipmaps. */
const toKtx2 = [
  ktx2({
    slots: /baseColorTexture/,
    isUASTC: false,
    qualityLevel: 160,
    isPerceptual: true,
    isSetKTX2SRGBTransferFunc: true,
    generateMipmap: true,
    imageDecoder: decodeImage,
  }),
  ktx2({
    slots: /normalTexture/,
    isUASTC: true,
    enableRDO: true,
    rdoQualityLevel: 3,
    isNormalMap: true,
    isPerceptual: false,
    isSetKTX2SRGBTransferFunc: false,
    generateMipmap: true,
    needSupercompression: true,
    imageDecoder: decodeImage,
  }),
];

export async function writeModel(io: NodeIO, product: ProductSpec, variant: ModelVariant, rays: SurfaceRay[] = []): Promise<ModelFiles> {
  const document = await buildDocument(product);
  const { min, max } = getBounds(document.getRoot().getDefaultScene() as Scene);
  const [width, height, depth] = [0, 1, 2].map((axis) => Math.round(((max[axis] ?? 0) - (min[axis] ?? 0)) * 1000)) as [number, number, number];
  const dimensions = { width, height, depth, unit: 'mm' as const };
  const surface = castRays(document, rays);
  if (variant === 'draco') await document.transform(weld(), draco({ method: 'edgebreaker', quantizePosition: 14, quantizeNormal: 10, quantizeTexcoord: 12 }));
  if (variant === 'meshopt') await document.transform(weld(), meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  if (variant === 'ktx2') await document.transform(...toKtx2);
  if (variant === 'gltf') {
    const { json, resources } = await io.writeJSON(document, { format: Format.GLTF, basename: product.slug });
    const text = `${JSON.stringify(json, null, 2)}\n`;
    return {
      main: { fileName: `${product.slug}.gltf`, bytes: new TextEncoder().encode(text) },
      sidecars: Object.entries(resources).map(([fileName, bytes]) => ({ fileName, bytes })),
      dimensions,
      surface,
    };
  }
  return { main: { fileName: `${product.slug}.glb`, bytes: await io.writeBinary(document) }, sidecars: [], dimensions, surface };
}
