import { FileLoader } from 'three';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';

import { BASIS_WORKER_FILE } from '#shared/decoders.ts';

import type { WebGLRenderer } from 'three';

/**
 * three's KTX2Loader with its transcoder worker loaded as a script file from
 * our origin instead of a blob: URL. A blob: worker inherits the page's CSP,
 * and the Basis transcoder (emscripten embind) compiles its bindings with
 * `new Function`, which the page's policy rightly forbids; a worker loaded
 * from a URL runs under the policy of its own response, and the server gives
 * that one file a policy allowing eval and nothing else (no network; a worker
 * has no DOM). The worker source is the same text KTX2Loader would have put
 * in the blob, so transcoding itself is three's. See
 * docs/decisions/004-model-viewer.md.
 */
/** KTX2 header fields (Khronos KTX 2.0 spec, section 3): byte offsets and the values that matter here. */
const VK_FORMAT_OFFSET = 12;
const SUPERCOMPRESSION_OFFSET = 44;
const HEADER_BYTES = 48;
const VK_FORMAT_UNDEFINED = 0;
const VK_FORMAT_ASTC_4X4_SFLOAT_BLOCK = 1000066000;
const SUPERCOMPRESSION_ZSTD = 2;

/**
 * Would three decode this texture with Zstandard on the main thread? KTX2Loader
 * sends Basis textures (vkFormat undefined, or Basis UASTC HDR when the GPU
 * lacks ASTC HDR) to the transcoder worker; any other zstd-supercompressed
 * texture it inflates with zstddec's wasm on the page, which the page CSP
 * (no `'wasm-unsafe-eval'`) forbids, and three's promise would never settle.
 */
export function needsMainThreadZstd(buffer: ArrayBuffer, astcHdrSupported: boolean): boolean {
  if (buffer.byteLength < HEADER_BYTES) return false;
  const header = new DataView(buffer);
  const vkFormat = header.getUint32(VK_FORMAT_OFFSET, true);
  if (vkFormat === VK_FORMAT_UNDEFINED || (vkFormat === VK_FORMAT_ASTC_4X4_SFLOAT_BLOCK && !astcHdrSupported)) return false;
  return header.getUint32(SUPERCOMPRESSION_OFFSET, true) === SUPERCOMPRESSION_ZSTD;
}

export class SelfHostedKTX2Loader extends KTX2Loader {
  private renderer: WebGLRenderer | null = null;

  /**
   * Names the renderer whose capabilities pick the transcode target, without
   * asking it yet: `detectSupport` queries half a dozen compressed-texture
   * extensions, each a synchronous round trip to the GPU process (over 100 ms
   * of main thread with software GL), and most models have no KTX2 texture.
   * The query runs on the first KTX2 texture instead.
   */
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

  /** three's texture creation, except that a texture it would inflate with wasm on the page fails at once, into GLTFLoader's texture error. */
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
