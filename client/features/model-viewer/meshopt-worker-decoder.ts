/**
 * What GLTFLoader's EXT_/KHR_meshopt_compression calls on its meshopt
 * decoder (three/examples/jsm/loaders/GLTFLoader.js, GLTFMeshoptCompression):
 * `supported`, then `decodeGltfBufferAsync`, whose result's `.buffer` becomes
 * the buffer view. `ready` is only read by decoders without the async call.
 */
export interface GltfMeshoptDecoder {
  supported: boolean;
  ready: Promise<void>;
  decodeGltfBufferAsync(count: number, stride: number, source: Uint8Array, mode: string, filter?: string): Promise<Uint8Array>;
  /** Ends the worker; requests still waiting reject. The next decode starts a new one. */
  dispose(): void;
}

interface Reply {
  id: number;
  target?: Uint8Array;
  error?: string;
}

interface Pending {
  resolve: (target: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * A meshopt decoder that never touches WebAssembly on the main thread: three's
 * meshopt_decoder.module.js compiles its wasm when the module loads, which a
 * page CSP without `'wasm-unsafe-eval'` forbids (and its worker mode builds a
 * blob: worker, which inherits that CSP). Each decode is posted instead to one
 * worker loaded from `workerUrl` on our origin (public/decoders/meshopt/,
 * written by scripts/copy-decoders.ts around the same module), which runs
 * under its own policy. One worker: meshopt decodes at gigabytes a second, so
 * a pool would only cost memory. The worker starts on the first decode.
 */
export function createMeshoptWorkerDecoder(workerUrl: string, createWorker = (url: string): Worker => new Worker(url)): GltfMeshoptDecoder {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(error: Error): void {
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  }

  function stop(error: Error): void {
    worker?.terminate();
    worker = null;
    failAll(error);
  }

  function getWorker(): Worker {
    if (worker) return worker;
    const started = createWorker(workerUrl);
    started.onmessage = (event: MessageEvent<Reply>) => {
      const { id, target, error } = event.data;
      const request = pending.get(id);
      if (!request) return;
      pending.delete(id);
      if (target) request.resolve(target);
      else request.reject(new Error(`meshopt decode failed: ${error ?? 'no result'}`));
    };
    // The script failed to load or threw (a CSP refusal included): every waiting decode fails, the next one retries.
    started.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      stop(new Error(`meshopt worker failed: ${event.message || workerUrl}`));
    };
    started.onmessageerror = () => stop(new Error('meshopt worker sent an unreadable message'));
    worker = started;
    return started;
  }

  return {
    supported: true,
    ready: Promise.resolve(),
    decodeGltfBufferAsync(count, stride, source, mode, filter) {
      return new Promise<Uint8Array>((resolve, reject) => {
        const id = nextId++;
        // A copy: `source` views the glTF's whole binary chunk, which other buffer views still need.
        const copy = new Uint8Array(source);
        pending.set(id, { resolve, reject });
        getWorker().postMessage({ id, count, stride, source: copy, mode, filter }, [copy.buffer]);
      });
    },
    dispose() {
      stop(new Error('meshopt decoder disposed'));
    },
  };
}
