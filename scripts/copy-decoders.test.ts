import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildMeshoptWorkerSource, copyDecoders } from './copy-decoders.ts';

let outDir: string;
let written: string[];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'vitrine-decoders-'));
  written = await copyDecoders(outDir);
});
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('copyDecoders', () => {
  it("copies three's Draco decoder and Basis transcoder", () => {
    expect(written).toEqual(
      expect.arrayContaining(['draco/draco_decoder.wasm', 'draco/draco_wasm_wrapper.js', 'basis/basis_transcoder.wasm', 'basis/basis_transcoder.js']),
    );
  });

  it("writes the Basis worker KTX2Loader would have built as a blob: valid script with the transcoder, three's constants and its message handler", async () => {
    const worker = await readFile(join(outDir, 'basis/basis_worker.js'), 'utf8');
    const transcoder = await readFile(join(outDir, 'basis/basis_transcoder.js'), 'utf8');

    expect(written).toContain('basis/basis_worker.js');
    expect(() => new Script(worker)).not.toThrow();
    expect(worker).toContain(transcoder);
    expect(worker).toMatch(/^let _EngineFormat = \{"RGBAFormat":\d+/m);
    expect(worker).toMatch(/self\.addEventListener\(\s*'message'/);
    expect(worker).toContain("case 'init':");
  });

  it("writes the Draco worker DRACOLoader would have built as a blob: valid script with the wasm wrapper and three's message handler", async () => {
    const worker = await readFile(join(outDir, 'draco/draco_worker.js'), 'utf8');
    const wrapper = await readFile(join(outDir, 'draco/draco_wasm_wrapper.js'), 'utf8');

    expect(written).toContain('draco/draco_worker.js');
    expect(() => new Script(worker)).not.toThrow();
    expect(worker).toContain(wrapper);
    expect(worker).toContain('DracoDecoderModule( decoderConfig )');
    expect(worker).toContain("case 'decode':");
  });

  it('writes a classic meshopt worker: the decoder module without its export, then the message handler', async () => {
    const worker = await readFile(join(outDir, 'meshopt/meshopt_worker.js'), 'utf8');

    expect(written).toContain('meshopt/meshopt_worker.js');
    expect(() => new Script(worker)).not.toThrow();
    expect(worker).not.toMatch(/^export /m);
    expect(worker).toContain('var MeshoptDecoder = (function');
    expect(worker).toContain('self.onmessage = function (event)');
  });
});

describe('buildMeshoptWorkerSource', () => {
  it('refuses a module of another shape rather than writing a worker that cannot run', () => {
    expect(() => buildMeshoptWorkerSource('export const MeshoptDecoder = {};')).toThrow(/no longer ends with/);
  });
});
