/** What GLTFLoader's EXT_/KHR_meshopt_compression calls on its decoder. */
export interface GltfMeshoptDecoder {
  supported: boolean;
  ready: Promise<void>;
  decodeGltfBufferAsync(count: number, stride: number, source: Uint8Array, mode: string, filter?: string): Promise<Uint8Array>;
  /** Waiting requests reject; the next decode starts a new worker. */
  dispose(): void;
}

type Pending = { resolve: (target: Uint8Array) => void; reject: (error: Error) => void };

/**
 * three's meshopt decoder compiles its wasm on the main thread when its module loads, so each decode is posted to one worker
 * (public/decoders/meshopt/) instead: meshopt decodes at GB/s, a pool would only cost memory.
 */
export function createMeshoptWorkerDecoder(workerUrl: string, createWorker = (url: string): Worker => new Worker(url)): GltfMeshoptDecoder {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function stop(error: Error): void {
    worker?.terminate();
    worker = null;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  }

  function getWorker(): Worker {
    if (worker) return worker;
    const started = createWorker(workerUrl);
    started.onmessage = (event: MessageEvent<{ id: number; target?: Uint8Array; error?: string }>) => {
      const { id, target, error } = event.data;
      const request = pending.get(id);
      if (!request) return;
      pending.delete(id);
      if (target) request.resolve(target);
      else request.reject(new Error(`meshopt decode failed: ${error ?? 'no result'}`));
    };
    // The script failed to load or threw (a CSP refusal included): waiting decodes fail, the next one retries.
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
    dispose: () => stop(new Error('meshopt decoder disposed')),
  };
}
