import { describe, expect, it } from 'vitest';

import { ALLOWED_IMAGE_WIDTHS, getImageWidths, imageSrcSet, imageUrl, isTransformableImage, snapImageWidth } from '#shared/images.ts';

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
    expect(imageUrl(`${REMOTE}?w=9&h=9&fit=thumb&v=2#top`, { width: 32, format: 'png', quality: 90 })).toBe(`${REMOTE}?v=2&w=32&q=90&fm=png`);
  });

  it('rounds widths up to allowed sizes and qualities to whole numbers from 1 to 100', () => {
    expect(imageUrl(REMOTE, { width: 500, quality: 80.4 })).toBe(`${REMOTE}?w=640&q=80`);
    expect(imageUrl(REMOTE, { width: 9000, quality: 0 })).toBe(`${REMOTE}?w=3840&q=1`);
  });

  it('leaves w out for the image at its own size', () => {
    expect(imageUrl(LOCAL, { format: 'avif' })).toBe(`${LOCAL}?q=75&fm=avif`);
  });
});

describe('snapImageWidth', () => {
  it('snaps widths up to the next allowed width', () => {
    expect(snapImageWidth(1)).toBe(16);
    expect(snapImageWidth(384)).toBe(384);
    expect(snapImageWidth(385)).toBe(640);
    expect(snapImageWidth(5000)).toBe(3840);
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
  it('builds the candidates of one image and options once, for every request that renders it', () => {
    const first = imageSrcSet(REMOTE, { sizes: '50vw', format: 'avif', intrinsicWidth: 1600 });

    expect(imageSrcSet(REMOTE, { format: 'avif', intrinsicWidth: 1600, sizes: '50vw' })).toBe(first);
    expect(imageSrcSet(REMOTE, { sizes: '50vw', format: 'webp', intrinsicWidth: 1600 })).not.toBe(first);
    expect(imageSrcSet(REMOTE, { sizes: '50vw', format: 'avif', intrinsicWidth: 1200 }).srcSet).not.toBe(first.srcSet);
    expect(Object.isFrozen(first)).toBe(true);
  });

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

  it('collapses candidates beyond the intrinsic width into the image at its own size', () => {
    const { src, srcSet } = imageSrcSet(REMOTE, { sizes: '100vw', intrinsicWidth: 1000, format: 'webp' });

    expect(srcSet.split(', ').map((c) => c.split(' ')[1])).toEqual(['640w', '750w', '828w', '1000w']);
    expect(srcSet).toContain(`${REMOTE}?q=75&fm=webp 1000w`);
    expect(src).toBe(`${REMOTE}?q=75&fm=webp`);
  });

  it('keeps an allowed width equal to the intrinsic width', () => {
    const { srcSet } = imageSrcSet(REMOTE, { sizes: '100vw', intrinsicWidth: 1200 });

    expect(srcSet.split(', ').map((c) => c.split(' ')[1])).toEqual(['640w', '750w', '828w', '1080w', '1200w']);
    expect(srcSet).toContain(`${REMOTE}?w=1200&q=75 1200w`);
  });

  it('caps x candidates at the intrinsic width too', () => {
    expect(imageSrcSet(LOCAL, { width: 64, intrinsicWidth: 100 }).srcSet).toBe(`${LOCAL}?w=64&q=75 1x, ${LOCAL}?q=75 2x`);
    expect(imageSrcSet(LOCAL, { width: 64, intrinsicWidth: 40 }).srcSet).toBe(`${LOCAL}?q=75 1x`);
  });

  it('never emits a width wider than the image or outside the allowed list', () => {
    for (const intrinsicWidth of [10, 16, 300, 640, 1000, 1600, 5000]) {
      for (const options of [{ sizes: '100vw' }, { sizes: '(min-width: 40rem) 45vw, 92vw' }, { width: 64 }, { width: 384 }, {}]) {
        const { srcSet } = imageSrcSet(LOCAL, { ...options, intrinsicWidth, format: 'avif' });
        const widths = [...srcSet.matchAll(/[?&]w=(\d+)/g)].map((m) => Number(m[1]));

        expect(widths.every((w) => ALLOWED_IMAGE_WIDTHS.includes(w) && w <= intrinsicWidth)).toBe(true);
      }
    }
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
