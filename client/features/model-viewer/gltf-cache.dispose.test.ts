import { Bone, BoxGeometry, Group, Mesh, MeshStandardMaterial, ShaderMaterial, Skeleton, SkinnedMesh, Texture } from 'three';
import { describe, expect, it, vi } from 'vitest';

import { collectDisposables, disposeCloneSkeletons, disposeGltf, holdWithGltf } from './gltf-cache.ts';

function spyDispose(target: { addEventListener: (type: 'dispose', listener: () => void) => void }) {
  const listener = vi.fn();
  target.addEventListener('dispose', listener);
  return listener;
}

describe('disposeGltf', () => {
  it('disposes shared geometry, materials and textures exactly once', () => {
    const geometry = new BoxGeometry();
    const map = new Texture();
    const material = new MeshStandardMaterial({ map, normalMap: map });
    const scene = new Group().add(new Mesh(geometry, material), new Mesh(geometry, [material]));
    const spies = [spyDispose(geometry), spyDispose(material), spyDispose(map)];

    disposeGltf({ scene, scenes: [scene] });

    for (const spy of spies) expect(spy).toHaveBeenCalledOnce();
  });

  it('disposes materials held with the glTF that no scene shows (variant materials), and their textures', () => {
    const shared = new Texture();
    const shown = new MeshStandardMaterial({ map: shared });
    const held = new MeshStandardMaterial({ map: shared, normalMap: new Texture() });
    const scene = new Group().add(new Mesh(new BoxGeometry(), shown));
    const gltf = { scene };
    holdWithGltf(gltf, [held, shown]);
    const spies = [spyDispose(held), spyDispose(shown), spyDispose(shared), spyDispose(held.normalMap as Texture)];

    disposeGltf(gltf);

    for (const spy of spies) expect(spy).toHaveBeenCalledOnce();
  });

  it('finds textures in shader uniforms', () => {
    const texture = new Texture();
    const material = new ShaderMaterial({ uniforms: { tMap: { value: texture } } });

    const { textures } = collectDisposables([new Mesh(new BoxGeometry(), material)]);

    expect(textures.has(texture)).toBe(true);
  });

  it('closes ImageBitmaps, which are not garbage-collected on their own', () => {
    class FakeImageBitmap {
      close = vi.fn();
    }
    vi.stubGlobal('ImageBitmap', FakeImageBitmap);
    const bitmap = new FakeImageBitmap();
    const texture = new Texture(bitmap as unknown as HTMLImageElement);
    const scene = new Group().add(new Mesh(new BoxGeometry(), new MeshStandardMaterial({ map: texture })));

    disposeGltf({ scene });

    expect(bitmap.close).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});

describe('disposeCloneSkeletons', () => {
  it('disposes only the skeletons of a clone', () => {
    const geometry = new BoxGeometry();
    const mesh = new SkinnedMesh(geometry, new MeshStandardMaterial());
    const skeleton = new Skeleton([new Bone()]);
    mesh.bind(skeleton);
    const disposeSkeleton = vi.spyOn(skeleton, 'dispose');
    const onGeometryDispose = spyDispose(geometry);

    disposeCloneSkeletons(new Group().add(mesh));

    expect(disposeSkeleton).toHaveBeenCalledOnce();
    expect(onGeometryDispose).not.toHaveBeenCalled();
  });
});
