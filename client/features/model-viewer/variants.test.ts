import { Document, NodeIO } from '@gltf-transform/core';
import { KHRMaterialsVariants } from '@gltf-transform/extensions';
import { Texture } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { describe, expect, it, vi } from 'vitest';

import { disposeGltf } from './gltf-cache.ts';
import { applyVariant, getVariantMaterials, readVariantNames } from './variants.ts';

import type { Material, Mesh, MeshStandardMaterial, Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

import type { ModelVariant } from '#shared/content/types.ts';

/**
 * A GLB with one mesh of two primitives: 'body' (no normals, so GLTFLoader derives flat-shaded copies) switches between
 * three file variants, two of which share a texture; 'trim' has no mappings. Built with gltf-transform, as an exporter would.
 */
async function buildVariantGlb(): Promise<ArrayBuffer> {
  const document = new Document();
  const buffer = document.createBuffer();
  const positions = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
    .setBuffer(buffer);
  const png = (byte: number) =>
    document
      .createTexture()
      .setMimeType('image/png')
      .setImage(new Uint8Array([137, 80, 78, 71, byte]));
  const wood = png(1);
  const steel = png(2);
  const material = (name: string, color: [number, number, number, number], map?: ReturnType<typeof png>) =>
    document
      .createMaterial(name)
      .setBaseColorFactor(color)
      .setBaseColorTexture(map ?? null);
  const oak = material('Oak', [1, 1, 1, 1], wood);
  const walnut = material('Walnut', [0.4, 0.3, 0.2, 1], wood);
  const metal = material('Metal', [1, 1, 1, 1], steel);
  const trim = material('Trim', [0.8, 0.8, 0.8, 1]);

  const variants = document.createExtension(KHRMaterialsVariants);
  const [oakVariant, walnutVariant, metalVariant] = ['Oak', 'Walnut', 'Steel'].map((name) => variants.createVariant(name));
  const mappings = variants.createMappingList();
  for (const [target, variant] of [
    [oak, oakVariant],
    [walnut, walnutVariant],
    [metal, metalVariant],
  ] as const) {
    mappings.addMapping(variants.createMapping().setMaterial(target).addVariant(variant!));
  }
  const body = document.createPrimitive().setAttribute('POSITION', positions).setMaterial(oak).setExtension('KHR_materials_variants', mappings);
  const trimPrimitive = document.createPrimitive().setAttribute('POSITION', positions).setMaterial(trim);
  const mesh = document.createMesh('stool').addPrimitive(body).addPrimitive(trimPrimitive);
  document.createScene().addChild(document.createNode('stool').setMesh(mesh));
  const bytes = await new NodeIO().registerExtensions([KHRMaterialsVariants]).writeBinary(document);
  return bytes.slice().buffer;
}

/** GLTFLoader as the viewer runs it, except that images become blank textures (jsdom decodes none); counts texture loads. */
async function loadVariantGltf() {
  const textureLoads = vi.fn();
  const loader = new GLTFLoader().register(() => ({
    name: 'test-blank-textures',
    loadTexture: (index: number) => {
      textureLoads(index);
      return Promise.resolve(new Texture());
    },
  }));
  const gltf = await loader.parseAsync(await buildVariantGlb(), '');
  return { gltf, textureLoads };
}

function meshesOf(root: Object3D): Mesh[] {
  const meshes: Mesh[] = [];
  root.traverse((object) => void ((object as Mesh).isMesh && meshes.push(object as Mesh)));
  return meshes;
}

const materialOf = (root: Object3D, name: string) => meshesOf(root).map((mesh) => mesh.material as MeshStandardMaterial)[name === 'body' ? 0 : 1]!;

async function prepared(gltf: GLTF) {
  const materials = await getVariantMaterials(gltf);
  const clone = cloneSkinned(gltf.scene);
  return { materials, clone };
}

const fileVariant = (gltfName: string): ModelVariant => ({ id: gltfName.toLowerCase(), label: gltfName, gltfName });

describe('material variants', () => {
  it('reads the file’s variant names in order, and none from a file without the extension', async () => {
    const { gltf } = await loadVariantGltf();

    expect(readVariantNames(gltf)).toEqual(['Oak', 'Walnut', 'Steel']);
    expect(readVariantNames({ userData: { gltfExtensions: { KHR_materials_variants: { variants: 'nope' } } } })).toEqual([]);
    expect(readVariantNames({ userData: {} })).toEqual([]);
  });

  it('hands out one promise per glTF before and after it settles, so a render replayed after suspending on it calls the same hooks', async () => {
    const { gltf } = await loadVariantGltf();
    const first = getVariantMaterials(gltf);

    await first;

    expect(first).toBeInstanceOf(Promise);
    expect(getVariantMaterials(gltf)).toBe(first);
    const plain = { ...gltf, userData: {} };
    expect(getVariantMaterials(plain)).not.toBeInstanceOf(Promise);
    expect(getVariantMaterials(plain)).toBe(getVariantMaterials(plain));
  });

  it('switches a clone’s materials by file variant, shares textures and leaves the cached scene alone', async () => {
    const { gltf, textureLoads } = await loadVariantGltf();
    const { materials, clone } = await prepared(gltf);
    const original = materialOf(gltf.scene, 'body');

    expect(applyVariant(clone, materials, fileVariant('Walnut'))).toBe(true);
    const walnut = materialOf(clone, 'body');
    expect(walnut.name).toBe('Walnut');
    // GLTFLoader's per-geometry derivation applies to variant materials too (this primitive has no normals).
    expect(walnut.flatShading).toBe(true);
    expect(walnut.map).toBe(original.map);
    expect(materialOf(gltf.scene, 'body')).toBe(original);

    applyVariant(clone, materials, fileVariant('Steel'));
    expect(materialOf(clone, 'body').name).toBe('Metal');
    expect(materialOf(clone, 'trim').name).toBe('Trim');
    expect(textureLoads.mock.calls.map(([index]) => index as number).sort()).toEqual([0, 1]);
  });

  it('shows the file’s own materials for no variant, an unknown name, or a variant the file lacks', async () => {
    const { gltf } = await loadVariantGltf();
    const { materials, clone } = await prepared(gltf);
    const own = materialOf(clone, 'body');

    applyVariant(clone, materials, fileVariant('Steel'));
    applyVariant(clone, materials, fileVariant('Chrome'));
    expect(materialOf(clone, 'body')).toBe(own);

    applyVariant(clone, materials, fileVariant('Steel'));
    expect(applyVariant(clone, materials, undefined)).toBe(true);
    expect(materialOf(clone, 'body')).toBe(own);
    expect(applyVariant(clone, materials, undefined)).toBe(false);
  });

  it('tints named materials for a colour variant, keeping their maps, with one copy per material and colour', async () => {
    const { gltf } = await loadVariantGltf();
    const { materials, clone } = await prepared(gltf);
    const red: ModelVariant = { id: 'red', label: 'Red', colors: { Trim: '#ff0000', Oak: '#00ff00', Missing: '#0000ff' } };

    applyVariant(clone, materials, red);
    const tintedTrim = materialOf(clone, 'trim');
    expect(tintedTrim.color.getHexString()).toBe('ff0000');
    expect(materialOf(clone, 'body').map).toBe(materialOf(gltf.scene, 'body').map);
    expect(materialOf(gltf.scene, 'trim').color.getHexString()).not.toBe('ff0000');

    applyVariant(clone, materials, undefined);
    applyVariant(clone, materials, { ...red, colors: { Trim: 'red; }' } });
    expect(materialOf(clone, 'trim').name).toBe('Trim');
    expect(materialOf(clone, 'trim')).not.toBe(tintedTrim);
    applyVariant(clone, materials, red);
    expect(materialOf(clone, 'trim')).toBe(tintedTrim);
  });

  it('creates nothing while switching 50 times, and disposing the glTF frees every material and texture it made', async () => {
    const { gltf } = await loadVariantGltf();
    const { materials, clone } = await prepared(gltf);
    const choices: (ModelVariant | undefined)[] = [
      fileVariant('Oak'),
      fileVariant('Walnut'),
      fileVariant('Steel'),
      { id: 'blush', label: 'Blush', gltfName: 'Walnut', colors: { Walnut: '#ffc0cb', Trim: '#222222' } },
      undefined,
    ];
    const seen = new Set<Material>();
    const record = () => meshesOf(clone).forEach((mesh) => seen.add(mesh.material as Material));
    for (const choice of choices) {
      applyVariant(clone, materials, choice);
      record();
    }
    const afterFirstRound = seen.size;

    for (let i = 0; i < 50; i += 1) {
      applyVariant(clone, materials, choices[i % choices.length]);
      record();
    }
    expect(seen.size).toBe(afterFirstRound);

    const textures = new Set([...seen].flatMap((material) => [(material as MeshStandardMaterial).map].filter((map) => map !== null)));
    expect(textures.size).toBe(2);
    const disposed = vi.fn();
    for (const each of [...seen, ...textures]) each.addEventListener('dispose', () => disposed(each));
    disposeGltf(gltf);
    expect(disposed).toHaveBeenCalledTimes(seen.size + textures.size);
    expect(new Set(disposed.mock.calls.map(([each]) => each as unknown)).size).toBe(seen.size + textures.size);
  });

  it('ignores malformed mappings and keeps the default when a mapped material cannot load', async () => {
    const { gltf } = await loadVariantGltf();
    const body = meshesOf(gltf.scene)[0]!;
    body.userData = {
      gltfExtensions: {
        KHR_materials_variants: {
          mappings: [
            { material: 99, variants: [0] },
            { material: 'x', variants: [1] },
            { material: 2, variants: 2 },
          ],
        },
      },
    };
    const { materials, clone } = await prepared(gltf);
    const own = materialOf(clone, 'body');

    for (const name of ['Oak', 'Walnut', 'Steel']) {
      applyVariant(clone, materials, fileVariant(name));
      expect(materialOf(clone, 'body')).toBe(own);
    }
  });
});
