import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

import { SelfHostedDRACOLoader } from '#client/features/model-viewer/gltf-loader.ts';
import { createMeshoptWorkerDecoder } from '#client/features/model-viewer/gltf-meshopt.ts';
import { DRACO_WORKER_FILE, MESHOPT_WORKER_PATH } from '#shared/decoders.ts';

import { copyDecoders } from '../../scripts/copy-decoders.ts';

import type { AddressInfo, Server } from 'node:net';
import type { BufferGeometry, Mesh, Object3D } from 'three';

/**
 * No page needs 'wasm-unsafe-eval' (ADR 017). The generated decoder workers
 * run here in a realm of their own (node:vm, with its own WebAssembly, as a
 * browser worker has), fed by three's GLTFLoader through our loaders, over a
 * real socket serving the built decoder folder; the page's realm (this one)
 * must never touch WebAssembly.
 */
let outDir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'vitrine-wasm-decoders-'));
  await copyDecoders(outDir);
  server = createServer((req, res) => {
    readFile(join(outDir, (req.url ?? '/').replace(/^\/decoders\//, '')))
      .then((body) => res.end(body))
      .catch(() => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(outDir, { recursive: true, force: true });
});

/** A dedicated worker: its script from `url` runs in a realm of its own; messages are structured clones, as across threads. */
class RealmWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  private readonly ready: Promise<(data: unknown) => void>;

  constructor(url: string) {
    const context = createContext({ console, setTimeout, clearTimeout, TextDecoder, performance });
    context.self = context;
    context.postMessage = (data: unknown) => setTimeout(() => this.onmessage?.({ data: structuredClone(data) }));
    this.ready = fetch(new URL(url, origin))
      .then((res) => res.text())
      .then((source) => {
        runInContext(source, context);
        const handler = context.onmessage as (event: { data: unknown }) => void;
        return (data: unknown) => handler({ data: structuredClone(data) });
      });
  }

  postMessage(data: unknown): void {
    void this.ready.then((deliver) => deliver(data));
  }

  terminate(): void {
    this.onmessage = null;
  }
}

async function loadFixture(name: string, configure: (loader: GLTFLoader) => GLTFLoader): Promise<BufferGeometry> {
  const file = await readFile(join(import.meta.dirname, '..', 'fixtures', 'models', name));
  const gltf = await configure(new GLTFLoader()).parseAsync(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength), '');
  let geometry: BufferGeometry | undefined;
  gltf.scene.traverse((object: Object3D) => {
    geometry ??= (object as Mesh).isMesh ? (object as Mesh).geometry : undefined;
  });
  if (!geometry) throw new Error(`${name} has no mesh`);
  return geometry;
}

describe('decoder workers', () => {
  it('decode a meshopt model in the worker file, with no WebAssembly on the page', async () => {
    const compile = vi.spyOn(WebAssembly, 'instantiate');
    const decoder = createMeshoptWorkerDecoder(MESHOPT_WORKER_PATH, (url) => new RealmWorker(url) as unknown as Worker);

    const geometry = await loadFixture('box-meshopt.glb', (loader) => loader.setMeshoptDecoder(decoder as never));
    decoder.dispose();

    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
    const plain = await loadFixture('box.glb', (loader) => loader);
    expect(geometry.getAttribute('position').count).toBe(plain.getAttribute('position').count);
    expect(geometry.index?.count).toBe(plain.index?.count);
  });

  it('decode a Draco model in the worker file three would have built as a blob:', async () => {
    const compile = vi.spyOn(WebAssembly, 'instantiate');
    const started: string[] = [];
    vi.stubGlobal(
      'Worker',
      class extends RealmWorker {
        constructor(url: string) {
          super(url);
          started.push(url);
        }
      },
    );
    // three's FileLoader reports progress with the browser's ProgressEvent, which Node lacks.
    vi.stubGlobal(
      'ProgressEvent',
      class extends Event {
        constructor(type: string, init: object = {}) {
          super(type);
          Object.assign(this, init);
        }
      },
    );
    const draco = new SelfHostedDRACOLoader().setDecoderPath(`${origin}/decoders/draco/`);

    const geometry = await loadFixture('box-draco.glb', (loader) => loader.setDRACOLoader(draco));
    draco.dispose();
    vi.unstubAllGlobals();

    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
    expect(started.length).toBeGreaterThan(0);
    expect(started.every((url) => url === `${origin}/decoders/draco/${DRACO_WORKER_FILE}`)).toBe(true);
    expect(geometry.getAttribute('position').count).toBeGreaterThan(0);
  });
});
