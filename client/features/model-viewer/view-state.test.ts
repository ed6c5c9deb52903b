import { describe, expect, it } from 'vitest';

import { formatOrbit, parseOrbit, readViewState, withViewState } from './view-state.ts';

describe('view state in the URL', () => {
  it('reads variant, hotspot and orbit', () => {
    expect(readViewState('?hotspot=a.b').hotspot).toBe('a.b');
    expect(readViewState('?variant=moss&hotspot=hs-seat&view=35,68,2.4')).toEqual({
      variant: 'moss',
      hotspot: 'hs-seat',
      orbit: { azimuthDeg: 35, polarDeg: 68, distance: 2.4 },
    });
  });

  it('ignores hostile or malformed values instead of echoing them', () => {
    expect(readViewState('?variant=%3Cscript%3E&hotspot=' + 'a'.repeat(65) + '&view=1,2')).toEqual({});
    expect(parseOrbit('NaN,1,1')).toBeUndefined();
    expect(parseOrbit('0,181,1')).toBeUndefined();
    expect(parseOrbit('0,90,0')).toBeUndefined();
    expect(parseOrbit('0,90,')).toBeUndefined();
    expect(parseOrbit('1e400,90,1')).toBeUndefined();
  });

  it('wraps the azimuth into (-180, 180]', () => {
    expect(parseOrbit('540,90,1')?.azimuthDeg).toBe(180);
    expect(parseOrbit('-190,90,1')?.azimuthDeg).toBe(170);
  });

  it('writes the view parameters and keeps the others and the hash', () => {
    const href = withViewState('https://x.test/models/a?utm=1&variant=old#top', { hotspot: 'h1', orbit: { azimuthDeg: 35.04, polarDeg: 68, distance: 2.456 } });
    const url = new URL(href);
    expect(url.searchParams.get('utm')).toBe('1');
    expect(url.searchParams.has('variant')).toBe(false);
    expect(url.searchParams.get('hotspot')).toBe('h1');
    expect(url.searchParams.get('view')).toBe('35,68,2.46');
    expect(url.hash).toBe('#top');
    expect(formatOrbit({ azimuthDeg: -0.04, polarDeg: 90, distance: 1 })).toBe('0,90,1');
  });
});
