import { describe, expect, it, vi } from 'vitest';

import { needsMainThreadZstd, SelfHostedKTX2Loader } from './gltf-loader.ts';

import type { WebGLRenderer } from 'three';

/** A renderer that only answers what KTX2Loader.detectSupport asks: which compressed formats exist. */
function createFakeRenderer(supported: string[]) {
  const has = vi.fn((name: string) => supported.includes(name));
  const renderer = { extensions: { has, get: () => ({ getSupportedProfiles: () => [] }) } } as unknown as WebGLRenderer;
  return { renderer, has };
}

// The bytes are no KTX2 container: parsing fails after the detection under test, into onError.
const ignore = () => undefined;

/** A loader whose transcoder never arrives, so nothing is fetched or transcoded. */
function createLoader(renderer: WebGLRenderer): SelfHostedKTX2Loader {
  const loader = new SelfHostedKTX2Loader().setRenderer(renderer);
  vi.spyOn(loader, 'init').mockReturnValue(new Promise<void>(() => undefined));
  return loader;
}

describe('SelfHostedKTX2Loader', () => {
  it('asks the renderer nothing until a KTX2 texture arrives', () => {
    const { renderer, has } = createFakeRenderer(['WEBGL_compressed_texture_s3tc']);

    createLoader(renderer);

    expect(has).not.toHaveBeenCalled();
  });

  it('detects the transcode target from the renderer on the first texture, once', () => {
    const { renderer, has } = createFakeRenderer(['WEBGL_compressed_texture_s3tc']);
    const loader = createLoader(renderer);

    loader.parse(new ArrayBuffer(16), ignore, ignore);
    const queries = has.mock.calls.length;
    loader.parse(new ArrayBuffer(16), ignore, ignore);

    expect(queries).toBeGreaterThan(0);
    expect(has.mock.calls).toHaveLength(queries);
    expect(loader.workerConfig.dxtSupported).toBe(true);
    expect(loader.workerConfig.bptcSupported).toBe(false);
  });

  it('uses the renderer named last, since an earlier viewer may be gone', () => {
    const first = createFakeRenderer([]);
    const second = createFakeRenderer(['EXT_texture_compression_bptc']);
    const loader = createLoader(first.renderer);

    loader.setRenderer(second.renderer);
    loader.parse(new ArrayBuffer(16), ignore, ignore);

    expect(first.has).not.toHaveBeenCalled();
    expect(loader.workerConfig.bptcSupported).toBe(true);
  });
});

/** A KTX2 header (48 bytes plus padding) with the given vkFormat and supercompression scheme. */
function ktx2Header(vkFormat: number, supercompression: number): ArrayBuffer {
  const buffer = new ArrayBuffer(80);
  const view = new DataView(buffer);
  view.setUint32(12, vkFormat, true);
  view.setUint32(44, supercompression, true);
  return buffer;
}

describe('needsMainThreadZstd', () => {
  it('is true only for zstd-supercompressed textures three would not send to the transcoder worker', () => {
    expect(needsMainThreadZstd(ktx2Header(37, 2), false)).toBe(true); // VK_FORMAT_R8G8B8A8_SRGB + zstd
    expect(needsMainThreadZstd(ktx2Header(0, 2), false)).toBe(false); // Basis UASTC + zstd: the worker inflates it
    expect(needsMainThreadZstd(ktx2Header(1000066000, 2), false)).toBe(false); // ASTC HDR without GPU support: transcoded
    expect(needsMainThreadZstd(ktx2Header(1000066000, 2), true)).toBe(true);
    expect(needsMainThreadZstd(ktx2Header(37, 0), false)).toBe(false);
    expect(needsMainThreadZstd(new ArrayBuffer(8), false)).toBe(false);
  });

  it('makes the loader fail such a texture at once instead of compiling wasm on the page', async () => {
    const { renderer } = createFakeRenderer([]);
    const loader = createLoader(renderer);
    const instantiate = vi.spyOn(WebAssembly, 'instantiate');

    const error = await new Promise<unknown>((resolve) => loader.parse(ktx2Header(37, 2), () => resolve(null), resolve));

    expect(String(error)).toMatch(/Zstandard-supercompressed non-Basis textures are not supported/);
    expect(instantiate).not.toHaveBeenCalled();
    instantiate.mockRestore();
  });
});
