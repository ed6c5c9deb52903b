import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';

import { DRACO_WORKER_FILE } from '#shared/decoders.ts';

/** The members of three's DRACOLoader this subclass builds on (untyped in @types/three). */
interface DracoInternals {
  decoderPaths: { wasm: string };
  decoderConfig: { wasmBinary?: ArrayBuffer };
  decoderPending: Promise<void> | null;
  workerSourceURL: string;
  _loadLibrary(url: string, responseType: 'arraybuffer'): Promise<ArrayBuffer>;
}

/**
 * three's DRACOLoader with its decoder worker loaded as a script file from
 * our origin instead of a blob: URL, as SelfHostedKTX2Loader does for Basis:
 * a blob: worker inherits the page's CSP, so compiling the Draco wasm there
 * would need `'wasm-unsafe-eval'` on every page that may show a model. A
 * worker loaded from a URL runs under its own response's policy. The file is
 * the text `_initDecoder` would have put in the blob (scripts/copy-decoders.ts),
 * so decoding itself, the worker pool and its messages stay three's. Always
 * the wasm decoder: three's asm.js fallback is for browsers without
 * WebAssembly, which cannot run the viewer anyway.
 */
export class SelfHostedDRACOLoader extends DRACOLoader {
  private workerPath = DRACO_WORKER_FILE;

  /** The folder of the decoder files (`draco_decoder.wasm`, `draco_worker.js`), ending in a slash. */
  override setDecoderPath(path: string): this {
    super.setDecoderPath(path);
    this.workerPath = `${path}${DRACO_WORKER_FILE}`;
    return this;
  }

  /** three's `_initDecoder` minus the blob: fetch the wasm for the workers' init message, point them at the worker file. */
  _initDecoder(): Promise<void> {
    const self = this as unknown as DracoInternals;
    self.decoderPending ??= self._loadLibrary(self.decoderPaths.wasm, 'arraybuffer').then((binary) => {
      self.decoderConfig.wasmBinary = binary;
      self.workerSourceURL = this.workerPath;
    });
    return self.decoderPending;
  }

  /** Terminates the workers; three would also revoke `workerSourceURL`, which is no blob here and stays usable. */
  override dispose(): this {
    const self = this as unknown as DracoInternals;
    const url = self.workerSourceURL;
    self.workerSourceURL = '';
    super.dispose();
    self.workerSourceURL = url;
    return this;
  }
}
