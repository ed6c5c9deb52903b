import { describe, expect, it } from 'vitest';

import { detectArModes, isSingleFileGlb } from './ar-support.ts';

import type { ArPlatform } from './ar-support.ts';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** A browser as detection sees it: `immersiveAr` undefined means no navigator.xr; 'throws' a permissions-policy rejection. */
function platform({
  userAgent = DESKTOP,
  immersiveAr,
  quickLook = false,
}: {
  userAgent?: string;
  immersiveAr?: boolean | 'throws';
  quickLook?: boolean | 'throws';
}) {
  const asked: string[] = [];
  const xr =
    immersiveAr === undefined
      ? undefined
      : {
          isSessionSupported(mode: string) {
            asked.push(mode);
            return immersiveAr === 'throws'
              ? Promise.reject(new DOMException('blocked', 'SecurityError'))
              : Promise.resolve(immersiveAr && mode === 'immersive-ar');
          },
        };
  const supports = (token: string) => {
    if (quickLook === 'throws') throw new TypeError('rel has no supported tokens');
    return quickLook && token === 'ar';
  };
  const fake: ArPlatform = { navigator: { userAgent, xr }, document: { createElement: () => ({ relList: { supports } }) } };
  return { fake, asked };
}

const glb = { src: '/content-assets/a1/chair.glb' };

describe('detectArModes', () => {
  it('offers nothing on a desktop, with or without navigator.xr', async () => {
    expect(await detectArModes(glb, platform({}).fake)).toEqual([]);
    expect(await detectArModes(glb, platform({ immersiveAr: false }).fake)).toEqual([]);
  });

  it('asks WebXR for immersive-ar and offers it where supported', async () => {
    const { fake, asked } = platform({ immersiveAr: true });

    expect(await detectArModes(glb, fake)).toEqual(['webxr']);
    expect(asked).toEqual(['immersive-ar']);
  });

  it('keeps Scene Viewer as Android’s fallback behind WebXR, and as its only route without WebXR', async () => {
    expect(await detectArModes(glb, platform({ userAgent: ANDROID, immersiveAr: true }).fake)).toEqual(['webxr', 'scene-viewer']);
    expect(await detectArModes(glb, platform({ userAgent: ANDROID }).fake)).toEqual(['scene-viewer']);
    expect(await detectArModes(glb, platform({ userAgent: ANDROID, immersiveAr: 'throws' }).fake)).toEqual(['scene-viewer']);
  });

  it('sends no multi-file .gltf to Scene Viewer, which could not find its sibling files', async () => {
    expect(await detectArModes({ src: '/content-assets/a2/stool.gltf' }, platform({ userAgent: ANDROID }).fake)).toEqual([]);
    expect(await detectArModes({ src: '/content-assets/a2/stool.gltf' }, platform({ userAgent: ANDROID, immersiveAr: true }).fake)).toEqual(['webxr']);
  });

  it('offers Quick Look where an anchor supports rel="ar", for .gltf too (the USDZ is made in the page)', async () => {
    expect(await detectArModes(glb, platform({ userAgent: IPHONE, quickLook: true }).fake)).toEqual(['quick-look']);
    expect(await detectArModes({ src: '/a/stool.gltf' }, platform({ userAgent: IPHONE, quickLook: true }).fake)).toEqual(['quick-look']);
  });

  it('treats a throwing relList.supports or a rejecting isSessionSupported as unsupported', async () => {
    expect(await detectArModes(glb, platform({ quickLook: 'throws', immersiveAr: 'throws' }).fake)).toEqual([]);
  });

  it('offers nothing for a model ingest found unviewable', async () => {
    expect(await detectArModes({ ...glb, unavailable: true }, platform({ userAgent: ANDROID, immersiveAr: true, quickLook: true }).fake)).toEqual([]);
  });
});

describe('isSingleFileGlb', () => {
  it('reads the path’s extension, not the query', () => {
    expect(isSingleFileGlb('https://cdn.example/x/Chair.GLB?w=1')).toBe(true);
    expect(isSingleFileGlb('/x/chair.gltf?as=.glb')).toBe(false);
    expect(isSingleFileGlb('/x/chair.glb/')).toBe(false);
  });
});
