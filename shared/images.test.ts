import { describe, expect, it } from 'vitest';

import { ALLOWED_IMAGE_WIDTHS, getImageWidths, imageSrcSet, imageUrl, isTransformableImage, snapImageQuality, snapImageWidth } from '#shared/images.ts';

const REMOTE = 'https://images.ctfassets.net/space/asset/token/chair.jpg';
const LOCAL = '/content-assets/images.ctfassets.net/space/asset/token/chair.jpg';

describe('imageUrl', () => {
  it('adds w, q and fm in a fixed order with quality 75 by default', () => {
    expect(imageUrl(REMOTE, { width: 640, format: 'webp' })).toBe(`${REMOTE}?w=640&q=75&fm=webp`);
  });

  it('builds the same parameters for origin-relative asset URLs', () => {
    expect(imageUrl(LOCAL, { width: 640, format: 'webp' })).toBe(`${LOCAL}?w=640&q=75&fm=webp`);
  });

  it('turns protocol-relative Contentful URLs into https', () => {
    expect(imageUrl('//images.ctfassets.net/s/a/t/x.png', { width: 16 })).toBe('https://images.ctfassets.net/s/a/t/x.png?w=16&q=75');
  });

  it('replaces existing image parameters, keeps others and drops the fragment', () => {
    expect(imageUrl(`${REMOTE}?w=9&v=2#top`, { width: 32, height: 32, fit: 'thumb', format: 'png', quality: 90 })).toBe(`${REMOTE}?v=2&w=32&h=32&q=90&fm=png&fit=thumb`);
  });

  it('rounds widths and heights up to allowed sizes and snaps the quality', () => {
    expect(imageUrl(REMOTE, { width: 500, height: 10, quality: 80 })).toBe(`${REMOTE}?w=640&h=16&q=75`);
    expect(imageUrl(REMOTE, { width: 9000 })).toBe(`${REMOTE}?w=3840&q=75`);
  });
});

describe('snapping', () => {
  it('snaps widths up and qualities to the nearest allowed value', () => {
    expect(snapImageWidth(1)).toBe(16);
    expect(snapImageWidth(384)).toBe(384);
    expect(snapImageWidth(385)).toBe(640);
    expect(snapImageQuality(1)).toBe(25);
    expect(snapImageQuality(62.5)).toBe(75);
    expect(snapImageQuality(100)).toBe(100);
  });
});

describe('getImageWidths', () => {
  it('uses all widths not below the smallest vw share of the smallest device for sizes', () => {
    expect(getImageWidths(undefined, '(min-width: 40rem) 45vw, 92vw')).toEqual({
      widths: ALLOWED_IMAGE_WIDTHS.filter((w) => w >= 640 * 0.45),
      kind: 'w',
    });
  });

  it('uses every allowed width when sizes has no vw value', () => {
    expect(getImageWidths(undefined, '22rem')).toEqual({ widths: ALLOWED_IMAGE_WIDTHS, kind: 'w' });
  });

  it('picks 1x and 2x candidates for a fixed width', () => {
    expect(getImageWidths(64)).toEqual({ widths: [64, 128], kind: 'x' });
    expect(getImageWidths(100)).toEqual({ widths: [128, 256], kind: 'x' });
    expect(getImageWidths(3000)).toEqual({ widths: [3840], kind: 'x' });
  });

  it('falls back to the device widths', () => {
    expect(getImageWidths()).toEqual({ widths: [640, 750, 828, 1080, 1200, 1920, 2048, 3840], kind: 'w' });
  });
});

describe('imageSrcSet', () => {
  it('writes x descriptors for a fixed width and uses the largest candidate as src', () => {
    expect(imageSrcSet(LOCAL, { width: 64, format: 'avif' })).toEqual({
      src: `${LOCAL}?w=128&q=75&fm=avif`,
      srcSet: `${LOCAL}?w=64&q=75&fm=avif 1x, ${LOCAL}?w=128&q=75&fm=avif 2x`,
    });
  });

  it('writes w descriptors and defaults sizes to 100vw', () => {
    const result = imageSrcSet(REMOTE);

    expect(result.sizes).toBe('100vw');
    expect(result.srcSet.split(', ')).toHaveLength(8);
    expect(result.srcSet.startsWith(`${REMOTE}?w=640&q=75 640w`)).toBe(true);
  });

  it('collapses candidates beyond the intrinsic width into one', () => {
    const { srcSet } = imageSrcSet(REMOTE, { sizes: '100vw', intrinsicWidth: 1000 });

    expect(srcSet.split(', ').map((c) => c.split(' ')[1])).toEqual(['640w', '750w', '828w', '1080w']);
  });
});

describe('isTransformableImage', () => {
  it('transforms raster formats and passes SVG and GIF through', () => {
    expect(isTransformableImage('image/jpeg')).toBe(true);
    expect(isTransformableImage('image/PNG; charset=binary')).toBe(true);
    expect(isTransformableImage('image/svg+xml')).toBe(false);
    expect(isTransformableImage('image/gif')).toBe(false);
    expect(isTransformableImage('model/gltf-binary')).toBe(false);
  });
});
