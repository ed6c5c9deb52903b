import { FileLoader } from 'three';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';

import { BASIS_WORKER_FILE } from '#shared/decoders.ts';


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
