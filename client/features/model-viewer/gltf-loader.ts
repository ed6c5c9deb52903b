import { FileLoader, LoaderUtils } from 'three';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';

import { BASIS_WORKER_FILE, DRACO_WORKER_FILE, MESHOPT_WORKER_FILE } from '#shared/decoders.ts';

import type { WebGLRenderer } from 'three';

import { muteThreeTextureErrors, requireScene, trackImageFailures } from './gltf-failures.ts';
import { registerSiblingFiles, siblingManager } from './gltf-files.ts';
import { createMeshoptWorkerDecoder } from './gltf-meshopt.ts';

import type { LoadGltf } from './gltf-cache.ts';
import type { GltfMeshoptDecoder } from './gltf-meshopt.ts';

// Every wasm decoder (Draco, Basis for KTX2, meshopt) runs in a worker loaded from a file in public/decoders/, not a blob: URL,
// so it runs under that file's own CSP and no page needs 'wasm-unsafe-eval' (docs/decisions/004-model-viewer.md).

const DECODER_BASE = `${import.meta.env.BASE_URL}decoders/`;

/** Untyped in @types/three. */
interface DracoInternals {
  decoderPaths: { wasm: string };
  decoderConfig: { wasmBinary?: ArrayBuffer };
  decoderPending: Promise<void> | null;
  workerSourceURL: string;
  _loadLibrary(url: string, responseType: 'arraybuffer'): Promise<ArrayBuffer>;
}

/** Workers run `draco_worker.js`, the text three would have put in the blob, always with the wasm decoder. */
export class SelfHostedDRACOLoader extends DRACOLoader {
  _initDecoder(): Promise<void> {
    const self = this as unknown as DracoInternals;
    self.decoderPending ??= self._loadLibrary(self.decoderPaths.wasm, 'arraybuffer').then((binary) => {
      self.decoderConfig.wasmBinary = binary;
      self.workerSourceURL = `${LoaderUtils.extractUrlBase(self.decoderPaths.wasm)}${DRACO_WORKER_FILE}`;
    });
    return self.decoderPending;
  }
}

// KTX2 header fields (Khronos KTX 2.0 spec, section 3).
const VK_FORMAT_OFFSET = 12;
const SUPERCOMPRESSION_OFFSET = 44;
const HEADER_BYTES = 48;
const VK_FORMAT_UNDEFINED = 0;
const VK_FORMAT_ASTC_4X4_SFLOAT_BLOCK = 1000066000;
const SUPERCOMPRESSION_ZSTD = 2;

/** Would three inflate this texture with zstddec's wasm on the page (the CSP forbids it, leaving three's promise pending)? */
export function needsMainThreadZstd(buffer: ArrayBuffer, astcHdrSupported: boolean): boolean {
  if (buffer.byteLength < HEADER_BYTES) return false;
  const header = new DataView(buffer);
  const vkFormat = header.getUint32(VK_FORMAT_OFFSET, true);
  if (vkFormat === VK_FORMAT_UNDEFINED || (vkFormat === VK_FORMAT_ASTC_4X4_SFLOAT_BLOCK && !astcHdrSupported)) return false;
  return header.getUint32(SUPERCOMPRESSION_OFFSET, true) === SUPERCOMPRESSION_ZSTD;
}

/** Transcoder workers run `basis_worker.js`, the text three would have put in the blob. */
export class SelfHostedKTX2Loader extends KTX2Loader {
  private renderer: WebGLRenderer | null = null;

  /** Not `detectSupport` yet: it costs synchronous GPU round trips (over 100 ms with software GL), and most models have no KTX2. */
  setRenderer(renderer: WebGLRenderer): this {
    this.renderer = renderer;
    return this;
  }

  private ensureSupportDetected(): void {
    // three's own type says non-null; it is null until detectSupport ran.
    if ((this.workerConfig as KTX2Loader['workerConfig'] | null) === null && this.renderer) this.detectSupport(this.renderer);
  }

  override load(...args: Parameters<KTX2Loader['load']>): void {
    this.ensureSupportDetected();
    super.load(...args);
  }

  override parse(...args: Parameters<KTX2Loader['parse']>): void {
    this.ensureSupportDetected();
    super.parse(...args);
  }

  _createTexture(buffer: ArrayBuffer, config?: object): Promise<unknown> {
    if (needsMainThreadZstd(buffer, this.workerConfig.astcHDRSupported === true)) {
      return Promise.reject(new Error('KTX2: Zstandard-supercompressed non-Basis textures are not supported (their decoder would run wasm on the page)'));
    }
    const createTexture = (KTX2Loader.prototype as unknown as { _createTexture: (buffer: ArrayBuffer, config?: object) => Promise<unknown> })._createTexture;
    return createTexture.call(this, buffer, config);
  }

  override init(): Promise<void> {
    this.transcoderPending ??= new FileLoader(this.manager)
      .setPath(this.transcoderPath)
      .setResponseType('arraybuffer')
      .setWithCredentials(this.withCredentials)
      .loadAsync('basis_transcoder.wasm')
      .then((binary) => {
        const transcoderBinary = binary as ArrayBuffer;
        this.transcoderBinary = transcoderBinary;
        this.workerSourceURL = `${this.transcoderPath}${BASIS_WORKER_FILE}`;
        this.workerPool.setWorkerCreator(() => {
          const worker = new Worker(this.workerSourceURL);
          const copy = transcoderBinary.slice(0);
          worker.postMessage({ type: 'init', config: this.workerConfig, transcoderBinary: copy }, [copy]);
          return worker;
        });
      });
    return this.transcoderPending;
  }
}

// One set of decoders per page (three warns about several live KTX2 loaders), freed when no viewer or download needs them.
let decoders: { draco: SelfHostedDRACOLoader; ktx2: SelfHostedKTX2Loader; meshopt: GltfMeshoptDecoder } | null = null;
let viewers = 0;
let pendingLoads = 0;

function releaseDecodersIfIdle(): void {
  if (viewers > 0 || pendingLoads > 0 || !decoders) return;
  for (const decoder of Object.values(decoders)) decoder.dispose();
  decoders = null;
}

/** Keeps the decoder workers alive while a viewer is mounted. */
export function retainDecoders(): () => void {
  viewers += 1;
  return () => {
    viewers -= 1;
    releaseDecodersIfIdle();
  };
}

/** `renderer` picks KTX2 transcode targets; `files`: a .gltf's sibling assets by name. */
export function createGltfLoad(renderer: WebGLRenderer, files?: Record<string, string>): LoadGltf {
  return async (src, onProgress, onDecoding) => {
    if (files) registerSiblingFiles(src, files);
    decoders ??= {
      draco: new SelfHostedDRACOLoader().setDecoderPath(`${DECODER_BASE}draco/`),
      ktx2: new SelfHostedKTX2Loader(siblingManager).setTranscoderPath(`${DECODER_BASE}basis/`),
      meshopt: createMeshoptWorkerDecoder(`${DECODER_BASE}meshopt/${MESHOPT_WORKER_FILE}`),
    };
    // The loading viewer's renderer: an earlier viewer's may be disposed by now.
    decoders.ktx2.setRenderer(renderer);
    // @types/three names the module's own decoder; GLTFLoader only calls what GltfMeshoptDecoder has.
    const meshopt = decoders.meshopt as unknown as Parameters<GLTFLoader['setMeshoptDecoder']>[0];
    const loader = new GLTFLoader(siblingManager).setDRACOLoader(decoders.draco).setKTX2Loader(decoders.ktx2).setMeshoptDecoder(meshopt);
    const images = trackImageFailures(loader);
    const unmute = muteThreeTextureErrors();
    pendingLoads += 1;
    try {
      const data = await new FileLoader(siblingManager).setResponseType('arraybuffer').loadAsync(src, onProgress);
      onDecoding();
      const gltf = await loader.parseAsync(data as ArrayBuffer, LoaderUtils.extractUrlBase(src));
      return { gltf: requireScene(gltf, src), missingImages: images.failed.size };
    } finally {
      unmute();
      pendingLoads -= 1;
      releaseDecodersIfIdle();
    }
  };
}
