import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

import { SelfHostedKTX2Loader } from './ktx2-loader.ts';

import type { WebGLRenderer } from 'three';

import type { LoadGltf } from './gltf-cache.ts';

/**
 * three's GLTFLoader with every decoder served from our origin: Draco and
 * Basis (KTX2) from `public/decoders/` (copied by scripts/copy-decoders.ts;
 * the Basis worker runs from a file there, ktx2-loader.ts says why),
 * meshopt bundled (its wasm is inlined in the module). Decoder files are only
 * fetched when a model actually uses the extension. See
 * docs/decisions/004-model-viewer.md.
 */

const DECODER_BASE = `${import.meta.env.BASE_URL}decoders/`;
export const DRACO_DECODER_PATH = `${DECODER_BASE}draco/`;
export const BASIS_TRANSCODER_PATH = `${DECODER_BASE}basis/`;

interface Decoders {
  draco: DRACOLoader;
  ktx2: SelfHostedKTX2Loader;
}

// One Draco and one KTX2 loader per page: each owns a worker pool, and three
// warns when several KTX2 loaders are alive. Created on the first download.
let decoders: Decoders | null = null;
let viewers = 0;
let pendingLoads = 0;

function getDecoders(renderer: WebGLRenderer): Decoders {
  decoders ??= {
    draco: new DRACOLoader().setDecoderPath(DRACO_DECODER_PATH),
    ktx2: new SelfHostedKTX2Loader().setTranscoderPath(BASIS_TRANSCODER_PATH),
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
    const { draco, ktx2 } = getDecoders(renderer);
    const loader = new GLTFLoader().setDRACOLoader(draco).setKTX2Loader(ktx2).setMeshoptDecoder(MeshoptDecoder);
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
