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
