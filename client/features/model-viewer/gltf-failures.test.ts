import { DataTexture, Loader, LoadingManager } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { muteThreeTextureErrors, requireScene, THREE_TEXTURE_ERROR, trackImageFailures, ViewerLoadError } from './gltf-failures.ts';

import type { Mesh, MeshStandardMaterial, Texture } from 'three';

/** An image loader for `*.png` that serves the good file and fails on any other, as a browser's decoder would. */
class PngLoader extends Loader<Texture> {
  override load(url: string, onLoad: (texture: Texture) => void, _onProgress?: unknown, onError?: (error: unknown) => void): void {
    queueMicrotask(() => (url.endsWith('good.png') ? onLoad(new DataTexture(new Uint8Array(4), 1, 1)) : onError?.(new Error(`cannot decode ${url}`))));
  }
}

/** One triangle whose material uses `good.png` as base colour and `broken.png` as normal map. */
function gltfJson(options: { withScene: boolean }) {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const uri = `data:application/octet-stream;base64,${Buffer.from(positions.buffer).toString('base64')}`;
  return JSON.stringify({
    asset: { version: '2.0' },
    ...(options.withScene ? { scene: 0, scenes: [{ nodes: [0] }] } : {}),
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, material: 0 }] }],
    materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } }, normalTexture: { index: 1 } }],
    textures: [{ source: 0 }, { source: 1 }],
    images: [{ uri: 'good.png' }, { uri: 'broken.png' }],
    buffers: [{ byteLength: positions.byteLength, uri }],
    bufferViews: [{ buffer: 0, byteLength: positions.byteLength }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
  });
}

function createLoader(): GLTFLoader {
  const manager = new LoadingManager();
  manager.addHandler(/\.png$/, new PngLoader(manager));
  return new GLTFLoader(manager);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('requireScene', () => {
  it('rejects a file without scenes with a typed error naming the file', async () => {
    const gltf = await createLoader().parseAsync(gltfJson({ withScene: false }), '/models/');

    const attempt = () => requireScene(gltf, '/models/empty.gltf');

    expect(attempt).toThrow(ViewerLoadError);
    expect(attempt).toThrow('/models/empty.gltf has no scene to show');
  });

  it('passes a file with a scene through', async () => {
    const unmute = muteThreeTextureErrors();
    const gltf = await createLoader().parseAsync(gltfJson({ withScene: true }), '/models/');
    unmute();

    expect(requireScene(gltf, '/models/ok.gltf')).toBe(gltf);
  });
});

describe('trackImageFailures', () => {
  it('counts the images that failed while the model still loads, with the good texture in place', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const loader = createLoader();
    const images = trackImageFailures(loader);

    // Muted: three's own console.error line would fail this test (tests/setup/fail-on-console.ts).
    const unmute = muteThreeTextureErrors();
    const gltf = await loader.parseAsync(gltfJson({ withScene: true }), '/models/');
    unmute();

    const material = (gltf.scene.children[0] as Mesh).material as MeshStandardMaterial;
    expect(material.map).not.toBeNull();
    expect(material.normalMap).toBeNull();
    expect([...images.failed]).toEqual([1]);
    expect(info).toHaveBeenCalledOnce();
  });
});

describe('muteThreeTextureErrors', () => {
  it("drops only three's texture line while muted, and restores console.error after the last release", () => {
    const original = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(original);
    const releaseFirst = muteThreeTextureErrors();
    const releaseSecond = muteThreeTextureErrors();

    console.error(THREE_TEXTURE_ERROR, 'blob:x');
    console.error('something else', 1);
    releaseFirst();
    releaseFirst();
    console.error(THREE_TEXTURE_ERROR, 'blob:y');
    releaseSecond();
    console.error(THREE_TEXTURE_ERROR, 'blob:z');

    expect(original.mock.calls).toEqual([
      ['something else', 1],
      [THREE_TEXTURE_ERROR, 'blob:z'],
    ]);
  });
});
