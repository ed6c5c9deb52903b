import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { ExternalFileError, validateModel } from '#server/services/models/model-validation.ts';

import type { ResolveExternal } from '#server/services/models/model-validation.ts';

const MODELS = fileURLToPath(new URL('../../../tests/fixtures/models/', import.meta.url));
const read = (name: string) => new Uint8Array(readFileSync(MODELS + name));
const GLTF = JSON.parse(readFileSync(`${MODELS}external/box.gltf`, 'utf8')) as Record<string, unknown>;
const encode = (json: unknown) => new TextEncoder().encode(JSON.stringify(json));

/** Resolves the names given (from tests/fixtures/models/external/), every other one as missing. */
const filesFrom =
  (...names: string[]): ResolveExternal =>
  async (uri) => {
    if (!names.includes(uri)) throw new ExternalFileError('not found — add it to model.files');
    // readFileSync hands small files out of Node's shared pool: the validator must still see only this file.
    return { bytes: readFileSync(`${MODELS}external/${uri}`) };
  };
const none: ResolveExternal = () => Promise.reject(new ExternalFileError('not found'));

describe('validateModel', () => {
  it('passes a valid .glb and says which decoders it needs', async () => {
    const box = await validateModel(read('box.glb'), 'box.glb', none);
    expect(box).toMatchObject({ viewable: true, errorCount: 0, errors: [], needs: { draco: false, meshopt: false, ktx2: false, externalFiles: [] } });
    expect((await validateModel(read('box-draco.glb'), 'box-draco.glb', none)).needs.draco).toBe(true);
    expect((await validateModel(read('box-meshopt.glb'), 'box-meshopt.glb', none)).needs.meshopt).toBe(true);
  });

  it('resolves a multi-file .gltf by file name and lists its external files', async () => {
    const check = await validateModel(read('external/box.gltf'), 'box.gltf', filesFrom('box.bin', 'checker.png'));
    expect(check).toMatchObject({ viewable: true, errorCount: 0, warningCount: 0 });
    expect(check.needs.externalFiles).toEqual(['box.bin', 'checker.png']);
  });

  it('names an external file that cannot be resolved, once, with the fix', async () => {
    const check = await validateModel(read('external/box.gltf'), 'box.gltf', filesFrom('checker.png'));
    expect(check.viewable).toBe(false);
    expect(check.errorCount).toBe(1);
    expect(check.errors).toEqual(['external file box.bin: not found — add it to model.files']);
  });

  it('keeps a resolver warning (a file found only beside the .gltf)', async () => {
    const resolve: ResolveExternal = async (uri) => ({ ...(await filesFrom('box.bin', 'checker.png')(uri)), warning: 'beside it only' });
    const check = await validateModel(read('external/box.gltf'), 'box.gltf', resolve);
    expect(check).toMatchObject({ viewable: true, errorCount: 0, warningCount: 2 });
    expect(check.warnings).toContain('external file box.bin: beside it only');
  });

  it('finds a truncated .glb unviewable and says where it ends', async () => {
    const check = await validateModel(read('truncated.glb'), 'truncated.glb', none);
    expect(check.viewable).toBe(false);
    expect(check.errors[0]).toMatch(/Unexpected end of chunk data\. \(byte \d+\)/);
  });

  it('finds a file that is not glTF at all unviewable', async () => {
    const check = await validateModel(read('not-a-model.glb'), 'chair.glb', none);
    expect(check).toMatchObject({ viewable: false, errorCount: 1 });
    expect(check.errors[0]).toMatch(/^chair\.glb: not a glTF file \(.*could not detect glTF format/);
  });

  it('finds a .gltf without scenes unviewable', async () => {
    const { scenes: _scenes, ...noScenes } = GLTF;
    const check = await validateModel(encode(noScenes), 'box.gltf', filesFrom('box.bin', 'checker.png'));
    expect(check.viewable).toBe(false);
    expect(check.errors).toContain('box.gltf: has no scene to show');
  });

  it('reports data errors the viewer survives without blocking it, capped at a few messages', async () => {
    const accessors = (GLTF['accessors'] as Array<Record<string, unknown>>).map((a, i) => (i === 0 ? { ...a, min: [-9, -9, -9], max: [9, 9, 9] } : a));
    const check = await validateModel(encode({ ...GLTF, accessors }), 'box.gltf', filesFrom('box.bin', 'checker.png'));
    expect(check.viewable).toBe(true);
    expect(check.errorCount).toBe(6);
    expect(check.errors).toHaveLength(5);
    expect(check.errors[0]).toMatch(/^Declared minimum value .* \(\/accessors\/0\/min\/0\)$/);
  });
});
