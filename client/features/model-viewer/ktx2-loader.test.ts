import { describe, expect, it, vi } from 'vitest';

import { SelfHostedKTX2Loader } from './ktx2-loader.ts';

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
