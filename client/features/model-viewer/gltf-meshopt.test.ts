import { describe, expect, it } from 'vitest';

import { createMeshoptWorkerDecoder } from './gltf-meshopt.ts';

/** Records what the decoder posts; the test answers as the worker would. */
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  posted: Array<{ data: { id: number; source: Uint8Array }; transfer: Transferable[] }> = [];
  terminated = false;
  postMessage(data: { id: number; source: Uint8Array }, transfer: Transferable[]) {
    this.posted.push({ data, transfer });
  }
  terminate() {
    this.terminated = true;
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const decoder = createMeshoptWorkerDecoder('/decoders/meshopt/meshopt_worker.js', () => {
    workers.push(new FakeWorker());
    return workers.at(-1) as unknown as Worker;
  });
  return { decoder, workers };
}

describe('createMeshoptWorkerDecoder', () => {
  it('starts no worker until the first decode, then posts a transferred copy of the source', () => {
    const { decoder, workers } = setup();
    const glb = new Uint8Array([9, 1, 2, 3, 9]);

    expect(workers).toHaveLength(0);
    void decoder.decodeGltfBufferAsync(1, 3, glb.subarray(1, 4), 'ATTRIBUTES', 'NONE');

    const { data, transfer } = workers[0]?.posted[0] ?? {};
    expect(Array.from(data?.source ?? [])).toEqual([1, 2, 3]);
    expect(transfer).toEqual([data?.source.buffer]);
    expect(glb.byteLength).toBe(5);
  });

  it("resolves with the worker's bytes and rejects with its error", async () => {
    const { decoder, workers } = setup();
    const ok = decoder.decodeGltfBufferAsync(1, 4, new Uint8Array(4), 'ATTRIBUTES');
    const bad = decoder.decodeGltfBufferAsync(1, 4, new Uint8Array(4), 'TRIANGLES');
    const worker = workers[0] as FakeWorker;
    const [first, second] = worker.posted.map((p) => p.data.id);

    worker.onmessage?.({ data: { id: second, error: 'Malformed buffer data: -2' } } as MessageEvent);
    worker.onmessage?.({ data: { id: first, target: new Uint8Array([1, 2, 3, 4]) } } as MessageEvent);

    expect(Array.from(await ok)).toEqual([1, 2, 3, 4]);
    await expect(bad).rejects.toThrow('meshopt decode failed: Malformed buffer data: -2');
  });

  it('rejects waiting decodes when the worker script fails (a CSP refusal included), and starts a new worker next time', async () => {
    const { decoder, workers } = setup();
    const pending = decoder.decodeGltfBufferAsync(1, 4, new Uint8Array(4), 'ATTRIBUTES');

    workers[0]?.onerror?.({ message: 'refused', preventDefault: () => undefined } as ErrorEvent);
    void decoder.decodeGltfBufferAsync(1, 4, new Uint8Array(4), 'ATTRIBUTES');

    await expect(pending).rejects.toThrow('meshopt worker failed: refused');
    expect(workers[0]?.terminated).toBe(true);
    expect(workers).toHaveLength(2);
  });
});
