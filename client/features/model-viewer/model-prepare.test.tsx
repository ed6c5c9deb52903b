import { renderHook } from '@testing-library/react';
import { BoxGeometry, Group, Mesh, MeshStandardMaterial } from 'three';
import { describe, expect, it, vi } from 'vitest';

import { readGltf } from './gltf-cache.ts';
import { useModelScene } from './model-prepare.ts';

import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

import type { GltfResult, LoadGltf } from './gltf-cache.ts';

let nextId = 0;
const uniqueSrc = () => `/models/prepare-${nextId++}.glb`;

function gltfOf(scene: Group): GLTF {
  return { scene, scenes: [scene], animations: [], cameras: [], asset: {} } as unknown as GLTF;
}

/** A scene whose clone throws, as a file with a broken node graph can make SkeletonUtils do. */
function unclonableScene(): Group {
  const scene = new Group();
  scene.clone = () => {
    throw new TypeError('Cannot read properties of undefined (reading "clone")');
  };
  return scene;
}

describe('useModelScene', () => {
  it("returns this viewer's own clone and says 'preparing' with the count of images that failed", () => {
    const scene = new Group().add(new Mesh(new BoxGeometry(), new MeshStandardMaterial()));
    const result: GltfResult = { ok: true, gltf: gltfOf(scene), missingImages: 3 };
    const onLoadError = vi.fn();
    const onLoadStep = vi.fn();

    const { result: hook } = renderHook(() => useModelScene('/a.glb', result, onLoadError, onLoadStep));

    expect(hook.current).not.toBe(scene);
    expect(hook.current?.children).toHaveLength(1);
    expect(onLoadStep).toHaveBeenCalledWith('/a.glb', { phase: 'preparing', missingImages: 3 });
    expect(onLoadError).not.toHaveBeenCalled();
  });

  it('reports a failed download as a load error, without throwing', () => {
    const onLoadError = vi.fn();
    const error = new Error('404');

    const { result: hook } = renderHook(() => useModelScene('/a.glb', { ok: false, error }, onLoadError, undefined));

    expect(hook.current).toBeNull();
    expect(onLoadError).toHaveBeenCalledWith('/a.glb', error);
  });

  it('reports a scene that cannot be cloned as data and forgets the file, so Retry downloads it again', async () => {
    const src = uniqueSrc();
    const load = vi.fn<LoadGltf>(async () => ({ gltf: gltfOf(unclonableScene()), missingImages: 0 }));
    const result = await readGltf(src, 0, load);
    const onLoadError = vi.fn();
    const onLoadStep = vi.fn();

    const { result: hook } = renderHook(() => useModelScene(src, result, onLoadError, onLoadStep));

    expect(hook.current).toBeNull();
    expect(onLoadError).toHaveBeenCalledWith(src, expect.any(TypeError));
    expect(onLoadStep).not.toHaveBeenCalled();
    void readGltf(src, 0, load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
