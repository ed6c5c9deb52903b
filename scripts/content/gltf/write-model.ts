import { Format, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { draco, meshopt, weld } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { ktx2 } from 'ktx2-encoder/gltf-transform';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';

import { buildDocument } from './build-document.ts';

import type { ProductSpec } from './scene.ts';

/**
 * The glTF delivery variants the demo covers, so the viewer is exercised with each:
 * plain GLB, GLB with embedded textures, GLB with an animation, Draco- and
 * meshopt-compressed GLB, a GLB whose textures are KTX2 (Basis Universal, so the
 * viewer's transcoder runs), and a .gltf with an external .bin and images.
 */
export type ModelVariant = 'glb' | 'textured' | 'animated' | 'draco' | 'meshopt' | 'ktx2' | 'gltf';

export interface ModelFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ModelFiles {
  main: ModelFile;
  /** Files the main file references by relative URI (only for the `.gltf` variant). */
  sidecars: ModelFile[];
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

function toContentType(fileName: string): string {
  if (fileName.endsWith('.bin')) return 'application/octet-stream';
  if (fileName.endsWith('.jpg')) return 'image/jpeg';
  if (fileName.endsWith('.png')) return 'image/png';
  return 'application/octet-stream';
}

/** ktx2-encoder's Node build needs the source images as RGBA pixels. */
async function decodeImage(bytes: Uint8Array): Promise<{ width: number; height: number; data: Uint8Array }> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * KHR_texture_basisu the way production pipelines use it: colour maps as ETC1S
 * (small, sRGB), normal maps as UASTC with RDO and Zstandard (no blocky normals), with mipmaps.
 */
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

export async function writeModel(io: NodeIO, product: ProductSpec, variant: ModelVariant): Promise<ModelFiles> {
  const document = await buildDocument(product);
  if (variant === 'draco') await document.transform(weld(), draco({ method: 'edgebreaker', quantizePosition: 14, quantizeNormal: 10, quantizeTexcoord: 12 }));
  if (variant === 'meshopt') await document.transform(weld(), meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  if (variant === 'ktx2') await document.transform(...toKtx2);
  if (variant === 'gltf') {
    const { json, resources } = await io.writeJSON(document, { format: Format.GLTF, basename: product.slug });
    const text = `${JSON.stringify(json, null, 2)}\n`;
    return {
      main: { fileName: `${product.slug}.gltf`, contentType: 'model/gltf+json', bytes: new TextEncoder().encode(text) },
      sidecars: Object.entries(resources).map(([uri, bytes]) => ({ fileName: uri, contentType: toContentType(uri), bytes })),
    };
  }
  return { main: { fileName: `${product.slug}.glb`, contentType: 'model/gltf-binary', bytes: await io.writeBinary(document) }, sidecars: [] };
}
