import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { modelFacts, readGltfJson } from '#server/services/models/model-facts.ts';

const MODELS = fileURLToPath(new URL('../../../tests/fixtures/models/', import.meta.url));
const encode = (json: unknown) => new TextEncoder().encode(JSON.stringify(json));

/** A glTF whose one mesh spans -0.5…0.5 on every axis, placed by `nodes`. */
const gltf = (nodes: object[], scene: number[] = [0], accessor: object = { min: [-0.5, -0.5, -0.5], max: [0.5, 0.5, 0.5] }) => ({
  asset: { version: '2.0' },
  scenes: [{ nodes: scene }],
  nodes,
  meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
  accessors: [{ componentType: 5126, type: 'VEC3', count: 8, ...accessor }],
});

describe('modelFacts', () => {
  it('reads the bounds of a .glb from its JSON chunk without touching the buffers', () => {
    const facts = modelFacts(readGltfJson(new Uint8Array(readFileSync(`${MODELS}tower-mm.glb`))));
    expect(facts).toEqual({ fileVariants: [], materials: ['finish'], bounds: { min: { x: 4850, y: 0, z: -2150 }, max: { x: 5150, y: 1800, z: -1850 } } });
  });

  it('carries each mesh through its node chain: translation, rotation, scale, matrix, children', () => {
    const quarterTurnY = [0, Math.SQRT1_2, 0, Math.SQRT1_2];
    const nodes = [
      { translation: [10, 0, 0], children: [1] },
      { rotation: quarterTurnY, scale: [4, 1, 1], mesh: 0 },
      { matrix: [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 5, 0, 1], mesh: 0 },
    ];
    // Node 1: x stretched to -2…2, then turned a quarter about Y onto z; node 2: doubled and lifted by 5.
    expect(modelFacts(gltf(nodes, [0])).bounds).toEqual({ min: { x: 9.5, y: -0.5, z: -2 }, max: { x: 10.5, y: 0.5, z: 2 } });
    expect(modelFacts(gltf(nodes, [2])).bounds).toEqual({ min: { x: -1, y: 4, z: -1 }, max: { x: 1, y: 6, z: 1 } });
  });

  it('divides normalized integer min/max (KHR_mesh_quantization) and skips accessors without them', () => {
    const quantized = gltf([{ mesh: 0 }], [0], { componentType: 5122, normalized: true, min: [-32767, 0, 0], max: [32767, 16383.5, 0] });
    expect(modelFacts(quantized).bounds).toEqual({ min: { x: -1, y: 0, z: 0 }, max: { x: 1, y: 0.5, z: 0 } });
    expect(modelFacts(gltf([{ mesh: 0 }], [0], { min: undefined, max: undefined }))).not.toHaveProperty('bounds');
  });

  it('survives node loops, missing indices and junk without hanging or throwing', () => {
    const looped = gltf([{ children: [1], mesh: 0 }, { children: [0] }, { children: ['x', 99, null] }], [0, 2, 7]);
    expect(modelFacts(looped).bounds).toEqual({ min: { x: -0.5, y: -0.5, z: -0.5 }, max: { x: 0.5, y: 0.5, z: 0.5 } });
    expect(modelFacts({ scenes: 'nope', nodes: {}, materials: 3, extensions: { KHR_materials_variants: { variants: 'x' } } } as never)).toEqual({
      fileVariants: [],
      materials: [],
    });
    expect(readGltfJson(encode([1, 2]))).toBeUndefined();
    expect(readGltfJson(new TextEncoder().encode('{"scenes": ['))).toBeUndefined();
  });

  it('lists variant names in file order and material names, bounded in count and length', () => {
    const json = {
      ...gltf([{ mesh: 0 }]),
      materials: [{ name: 'Seat' }, {}, { name: 'x'.repeat(300) }, { name: 'Legs' }],
      extensions: { KHR_materials_variants: { variants: [...Array.from({ length: 30 }, (_, i) => ({ name: `V${i}` }))] } },
    };
    const facts = modelFacts(json);
    expect(facts.materials).toEqual(['Seat', 'Legs']);
    expect(facts.fileVariants).toHaveLength(24);
    expect(facts.fileVariants?.slice(0, 3)).toEqual(['V0', 'V1', 'V2']);
  });
});
