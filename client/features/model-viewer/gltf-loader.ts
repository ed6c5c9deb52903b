import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

import { MESHOPT_WORKER_FILE } from '#shared/decoders.ts';

import { SelfHostedDRACOLoader } from './draco-loader.ts';
import { SelfHostedKTX2Loader } from './ktx2-loader.ts';
import { createMeshoptWorkerDecoder } from './meshopt-worker-decoder.ts';

import type { WebGLRenderer } from 'three';

import type { LoadGltf } from './gltf-cache.ts';
import type { GltfMeshoptDecoder } from './meshopt-worker-decoder.ts';

/**
 * three's GLTFLoader with every decoder served from our origin, from
 * `public/decoders/` (scripts/copy-decoders.ts), and every wasm decoder
 * (Draco, Basis for KTX2, meshopt) running in a worker loaded from a file
 * there: a worker from a URL runs under its own response's CSP, so the main
 * thread never compiles wasm and no page needs `'wasm-unsafe-eval'`. Decoder
 * files are only fetched when a model actually uses the extension. See
 * docs/decisions/004-model-viewer.md.
 */

const DECODER_BASE = `${import.meta.env.BASE_URL}decoders/`;
export const DRACO_DECODER_PATH = `${DECODER_BASE}draco/`;
export const BASIS_TRANSCODER_PATH = `${DECODER_BASE}basis/`;
export const MESHOPT_WORKER_URL = `${DECODER_BASE}meshopt/${MESHOPT_WORKER_FILE}`;

interface Decoders {
  draco: SelfHostedDRACOLoader;
  ktx2: SelfHostedKTX2Loader;
  meshopt: GltfMeshoptDecoder;
}

// One set of decoders per page: each owns its workers, and three warns when
// several KTX2 loaders are alive. Created on the first download.
let decoders: Decoders | null = null;
let viewers = 0;
let pendingLoads = 0;

function getDecoders(renderer: WebGLRenderer): Decoders {
  decoders ??= {
    draco: new SelfHostedDRACOLoader().setDecoderPath(DRACO_DECODER_PATH),
    ktx2: new SelfHostedKTX2Loader().setTranscoderPath(BASIS_TRANSCODER_PATH),
    meshopt: createMeshoptWorkerDecoder(MESHOPT_WORKER_URL),
  };
  // The loading viewer's renderer: an earlier viewer's may be disposed by now.
  decoders.ktx2.setRenderer(renderer);
  return decoders;
}

/** Frees the decoder workers once no viewer is mounted and no download still needs them. */
function releaseDecodersIfIdle(): void {
  if (viewers > 0 || pendingLoads > 0 || !decoders) return;
  decoders.draco.dispose();
  decoders.ktx2.dispose();
  decoders.meshopt.dispose();
  decoders = null;
}

/** Keeps the decoder workers alive while a viewer is mounted; call from an effect, return the release. */
export function retainDecoders(): () => void {
  viewers += 1;
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    viewers -= 1;
    releaseDecodersIfIdle();
  };
}

/**
 * A `LoadGltf` for one viewer's renderer (KTX2 picks its transcode target from
 * the renderer's capabilities). Creating it has no side effects.
 */
export function createGltfLoad(renderer: WebGLRenderer): LoadGltf {
  return async (src, onProgress) => {
    const { draco, ktx2, meshopt } = getDecoders(renderer);
    // @types/three names the module's own decoder; GLTFLoader only calls what GltfMeshoptDecoder has.
    const loader = new GLTFLoader()
      .setDRACOLoader(draco)
      .setKTX2Loader(ktx2)
      .setMeshoptDecoder(meshopt as unknown as Parameters<GLTFLoader['setMeshoptDecoder']>[0]);
    pendingLoads += 1;
    try {
      // Relative buffer and image URIs of a .gltf resolve against `src` (GLTFLoader's resourcePath default).
      return await loader.loadAsync(src, onProgress);
    } finally {
      pendingLoads -= 1;
      releaseDecodersIfIdle();
    }
  };
}
