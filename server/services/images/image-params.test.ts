import { describe, expect, it } from 'vitest';

import { getNearestQuality, parseImageParams } from '#server/services/images/image-params.ts';
import { imageUrl } from '#shared/images.ts';

const QUALITIES = [75];

describe('parseImageParams', () => {
  it('returns null params for an empty query', () => {
    expect(parseImageParams('', QUALITIES)).toEqual({ ok: true, params: null });
  });

  it.each([
    ['w=640&q=75&fm=avif', { width: 640, quality: 75, format: 'avif' }],
    ['w=16', { width: 16, quality: 75 }],
    ['w=3840&fm=png', { width: 3840, quality: 75, format: 'png' }],
    ['q=75&fm=webp', { quality: 75, format: 'webp' }],
    ['fm=jpg&q=75&w=384', { width: 384, quality: 75, format: 'jpg' }],
  ])('accepts %s', (query, params) => {
    expect(parseImageParams(query, QUALITIES)).toEqual({ ok: true, params });
  });

  it.each([
    ['w=500', 'w', 'must be one of 16, 32'],
    ['w=0640', 'w', 'must be one of'],
    ['w=640.5', 'w', 'must be one of'],
    ['w=-16', 'w', 'must be one of'],
    ['w=', 'w', 'must be one of'],
    ['w=99999999999', 'w', 'must be one of'],
    ['h=640', 'h', 'supported: w, q, fm'],
    ['fit=thumb', 'fit', 'supported: w, q, fm'],
    ['q=0', 'q', 'must be one of 75'],
    ['q=101', 'q', 'must be one of 75'],
    ['q=1e2', 'q', 'must be one of 75'],
    ['q=075', 'q', 'must be one of 75'],
    ['q=high', 'q', 'must be one of 75'],
    ['fm=AVIF', 'fm', 'must be one of avif, webp, jpg, png'],
    ['fm=gif', 'fm', 'must be one of avif, webp, jpg, png'],
    ['q=75&q=75', 'q', 'more than once'],
    ['fl=progressive', 'fl', 'supported: w, q, fm'],
    [`${'x'.repeat(500)}=1`, 'x'.repeat(40), 'supported: w, q, fm'],
  ])('rejects %s naming %s and what is allowed', (query, parameter, message) => {
    const result = parseImageParams(query, QUALITIES);

    expect(result).toMatchObject({ ok: false, parameter });
    expect(result.ok === false && result.message).toContain(message);
  });

  it.each([
    ['w=640&q=80', [75], { width: 640, quality: 75 }],
    ['q=1&fm=webp', [50, 75], { quality: 50, format: 'webp' }],
    ['q=100', [50, 75, 90], { quality: 90 }],
  ])('redirects the well-formed but not allowed %s to the nearest allowed quality', (query, qualities, params) => {
    expect(parseImageParams(query, qualities)).toEqual({ ok: 'redirect', params });
  });

  it('uses the first configured quality when none is named', () => {
    expect(parseImageParams('w=64', [50, 75])).toEqual({ ok: true, params: { width: 64, quality: 50 } });
  });
});

describe('getNearestQuality', () => {
  it('picks the closest allowed quality, the higher one on a tie', () => {
    expect(getNearestQuality(62, [50, 75])).toBe(50);
    expect(getNearestQuality(63, [50, 75])).toBe(75);
    expect(getNearestQuality(62.5, [50, 75])).toBe(75);
    expect(getNearestQuality(1, [75])).toBe(75);
  });
});

describe('imageUrl (the redirects build their targets with it)', () => {
  it('writes what parseImageParams reads back, in the order w, q, fm', () => {
    const url = imageUrl('/a.jpg', { format: 'avif', quality: 75, width: 640 });
    expect(url).toBe('/a.jpg?w=640&q=75&fm=avif');
    expect(parseImageParams(url.split('?')[1]!, [75])).toEqual({ ok: true, params: { width: 640, quality: 75, format: 'avif' } });
    expect(imageUrl('/a.jpg', { quality: 75 })).toBe('/a.jpg?q=75');
  });
});
