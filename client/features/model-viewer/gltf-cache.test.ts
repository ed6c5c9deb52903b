import { BoxGeometry, Group, Mesh, MeshStandardMaterial } from 'three';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { discardGltf, FAILED_EVICT_MS, readGltf, RELEASE_EVICT_MS, retainGltf, subscribeGltfProgress, UNCLAIMED_EVICT_MS } from './gltf-cache.ts';

import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

import type { LoadGltf } from './gltf-cache.ts';

let nextId = 0;
const uniqueSrc = () => `/models/test-${nextId++}.glb`;
const loaded = (gltf: GLTF, missingImages = 0) => ({ gltf, missingImages });

function createGltf(): { gltf: GLTF; geometry: BoxGeometry } {
  const geometry = new BoxGeometry();
  const scene = new Group().add(new Mesh(geometry, new MeshStandardMaterial()));
  return { gltf: { scene, scenes: [scene], animations: [], cameras: [], asset: {} } as unknown as GLTF, geometry };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('gltf cache', () => {
  it('downloads a src once for every reader', async () => {
    const src = uniqueSrc();
    const load = vi.fn<LoadGltf>(async () => loaded(createGltf().gltf));

    const first = readGltf(src, 0, load);
    const second = readGltf(src, 0, load);

    expect(second).toBe(first);
    expect(load).toHaveBeenCalledOnce();
  });

  it('disposes the model when the last viewer releases it', async () => {
    const src = uniqueSrc();
    const { gltf, geometry } = createGltf();
    const onDispose = vi.fn();
    geometry.addEventListener('dispose', onDispose);
    await readGltf(src, 0, async () => loaded(gltf));
    const releaseFirst = retainGltf(src, gltf);
    const releaseSecond = retainGltf(src, gltf);

    releaseFirst();
    await vi.runAllTimersAsync();

    expect(onDispose).not.toHaveBeenCalled();

    releaseSecond();
    await vi.advanceTimersByTimeAsync(RELEASE_EVICT_MS - 1);

    expect(onDispose).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);

    expect(onDispose).toHaveBeenCalledOnce();
  });

  it('keeps the model for a viewer that claims it soon after another let go', async () => {
    const src = uniqueSrc();
    const { gltf, geometry } = createGltf();
    const onDispose = vi.fn();
    geometry.addEventListener('dispose', onDispose);
    await readGltf(src, 0, async () => loaded(gltf));

    retainGltf(src, gltf)();
    await vi.advanceTimersByTimeAsync(RELEASE_EVICT_MS / 2);
    const release = retainGltf(src, gltf);
    await vi.runAllTimersAsync();

    expect(onDispose).not.toHaveBeenCalled();
    release();
  });

  it('drops a download nobody mounted after a grace period', async () => {
    const src = uniqueSrc();
    const { gltf, geometry } = createGltf();
    const onDispose = vi.fn();
    geometry.addEventListener('dispose', onDispose);
    const load = vi.fn<LoadGltf>(async () => loaded(gltf));
    await readGltf(src, 0, load);

    await vi.advanceTimersByTimeAsync(UNCLAIMED_EVICT_MS);

    expect(onDispose).toHaveBeenCalledOnce();
    void readGltf(src, 0, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('ignores a retain for a model that is no longer cached', async () => {
    const src = uniqueSrc();
    const { gltf } = createGltf();
    await readGltf(src, 0, async () => loaded(gltf));

    const release = retainGltf(src, createGltf().gltf);
    release();

    expect(() => release()).not.toThrow();
  });

  it('reports a failure as data, keeps it for the same attempt and replaces it on retry', async () => {
    const src = uniqueSrc();
    const load = vi.fn<LoadGltf>(async () => {
      throw new Error('truncated');
    });
    const failed = readGltf(src, 0, load);
    const result = await failed;

    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toEqual(new Error('truncated'));
    expect(readGltf(src, 0, load)).toBe(failed);

    void readGltf(src, 1, load);

    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a failure shortly after, so the next viewer tries again', async () => {
    const src = uniqueSrc();
    const load = vi.fn<LoadGltf>(async () => {
      throw new Error('offline');
    });
    await readGltf(src, 0, load);

    await vi.advanceTimersByTimeAsync(FAILED_EVICT_MS);
    void readGltf(src, 0, load);

    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes byte progress, then the start of decoding, to subscribers of that src only', async () => {
    const src = uniqueSrc();
    const events: unknown[] = [];
    const other = vi.fn();
    const unsubscribe = subscribeGltfProgress(
      src,
      (loaded, total) => events.push([loaded, total]),
      () => events.push('decoding'),
    );
    subscribeGltfProgress(uniqueSrc(), other, other);
    const load: LoadGltf = async (_src, onProgress, onDecoding) => {
      onProgress(new ProgressEvent('progress', { lengthComputable: true, loaded: 5, total: 10 }));
      onProgress(new ProgressEvent('progress', { lengthComputable: false, loaded: 7, total: 0 }));
      onDecoding();
      return loaded(createGltf().gltf);
    };

    await readGltf(src, 0, load);
    unsubscribe();

    expect(events).toEqual([[5, 10], [7, 0], 'decoding']);
    expect(other).not.toHaveBeenCalled();
  });

  it('hands the count of images that failed to the viewer with the model', async () => {
    const { gltf } = createGltf();

    const result = await readGltf(uniqueSrc(), 0, async () => loaded(gltf, 2));

    expect(result).toEqual({ ok: true, gltf, missingImages: 2 });
  });

  it('downloads again after a loaded file is discarded (its scene could not be built), even for the same attempt', async () => {
    const src = uniqueSrc();
    const { gltf } = createGltf();
    const load = vi.fn<LoadGltf>(async () => loaded(gltf));
    await readGltf(src, 0, load);

    discardGltf(src, gltf);
    void readGltf(src, 0, load);

    expect(load).toHaveBeenCalledTimes(2);
  });

  it('disposes a discarded model nobody shows at once, and one still shown when its last viewer lets go', async () => {
    const src = uniqueSrc();
    const { gltf, geometry } = createGltf();
    const onDispose = vi.fn();
    geometry.addEventListener('dispose', onDispose);
    await readGltf(src, 0, async () => loaded(gltf));
    const release = retainGltf(src, gltf);

    discardGltf(src, gltf);
    await vi.runAllTimersAsync();

    expect(onDispose).not.toHaveBeenCalled();

    release();
    await vi.advanceTimersByTimeAsync(RELEASE_EVICT_MS);

    expect(onDispose).toHaveBeenCalledOnce();

    const other = createGltf();
    await readGltf(src, 0, async () => loaded(other.gltf));
    const otherDisposed = vi.fn();
    other.geometry.addEventListener('dispose', otherDisposed);
    discardGltf(src, other.gltf);

    expect(otherDisposed).toHaveBeenCalledOnce();
  });
});
