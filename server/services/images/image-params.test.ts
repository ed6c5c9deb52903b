import { describe, expect, it } from 'vitest';

import { parseImageParams } from '#server/services/images/image-params.ts';

describe('parseImageParams', () => {
  it('returns null params for an empty query', () => {
    expect(parseImageParams('')).toEqual({ ok: true, params: null });
  });

  it('parses every supported parameter', () => {
    expect(parseImageParams('w=640&h=384&q=90&fm=avif&fit=thumb')).toEqual({
      ok: true,
      params: { width: 640, height: 384, quality: 90, format: 'avif', fit: 'thumb' },
    });
  });

  it('defaults the quality to 75 and snaps others to the allowed set', () => {
    expect(parseImageParams('w=16')).toEqual({ ok: true, params: { width: 16, quality: 75 } });
    expect(parseImageParams('q=1')).toEqual({ ok: true, params: { quality: 25 } });
    expect(parseImageParams('q=96')).toEqual({ ok: true, params: { quality: 100 } });
  });

  it('names the offending parameter', () => {
    expect(parseImageParams('w=641')).toMatchObject({ ok: false, parameter: 'w' });
    expect(parseImageParams('w=')).toMatchObject({ ok: false, parameter: 'w' });
    expect(parseImageParams('q=1e2')).toMatchObject({ ok: false, parameter: 'q' });
    expect(parseImageParams('fm=AVIF')).toMatchObject({ ok: false, parameter: 'fm' });
    expect(parseImageParams('fit=')).toMatchObject({ ok: false, parameter: 'fit' });
    expect(parseImageParams('q=75&q=75')).toMatchObject({ ok: false, parameter: 'q' });
    expect(parseImageParams(`${'x'.repeat(500)}=1`)).toMatchObject({ ok: false, parameter: 'x'.repeat(40) });
  });
});
