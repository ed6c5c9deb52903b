import { Format, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { draco, meshopt, weld } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';

import { buildDocument } from './build-document.ts';

import type { ProductSpec } from './scene.ts';

/**
 * The glTF delivery variants the demo covers, so the viewer is exercised with each:
 * plain GLB, GLB with embedded textures, GLB with an animation, Draco- and
 * meshopt-compressed GLB, and a .gltf with an external .bin and images.
 */
export type ModelVariant = 'glb' | 'textured' | 'animated' | 'draco' | 'meshopt' | 'gltf';

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

export async function writeModel(io: NodeIO, product: ProductSpec, variant: ModelVariant): Promise<ModelFiles> {
  const document = await buildDocument(product);
  if (variant === 'draco') await document.transform(weld(), draco({ method: 'edgebreaker', quantizePosition: 14, quantizeNormal: 10, quantizeTexcoord: 12 }));
  if (variant === 'meshopt') await document.transform(weld(), meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
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
