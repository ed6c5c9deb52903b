import { describe, expect, it } from 'vitest';

import { getShareImage } from './share-image.tsx';

import type { Asset } from '#shared/content/types.ts';

const asset = (overrides: Partial<Asset>): Asset => ({
  id: 'a',
  title: 'Poster',
  description: '',
  url: '/content-assets/images.ctfassets.net/space/a/1/poster.jpg',
  contentType: 'image/jpeg',
  fileName: 'poster.jpg',
  size: 1,
  width: 1600,
  height: 1200,
  ...overrides,
});

describe('getShareImage', () => {
  it('scales a wide photo down to 1200 px as JPEG, with the size it will have', () => {
    expect(getShareImage(asset({ contentType: 'image/webp' }), 'Ostra chair')).toEqual({
      url: '/content-assets/images.ctfassets.net/space/a/1/poster.jpg?w=1200&q=75&fm=jpg',
      type: 'image/jpeg',
      width: 1200,
      height: 900,
      alt: 'Ostra chair',
    });
  });

  it('never enlarges a small image, keeps PNG for possible alpha, and falls back to the asset text', () => {
    const share = getShareImage(asset({ contentType: 'image/png', width: 800, height: 418, description: 'A lamp on a desk' }));

    expect(share).toMatchObject({ type: 'image/png', width: 800, height: 418, alt: 'A lamp on a desk' });
    expect(new URL(share.url, 'https://x.test').searchParams.has('w')).toBe(false);
  });

  it('passes an SVG through untouched', () => {
    const share = getShareImage(
      asset({ contentType: 'image/svg+xml', url: 'https://images.ctfassets.net/s/a/1/logo.svg', width: undefined, height: undefined }),
    );

    expect(share).toEqual({ url: 'https://images.ctfassets.net/s/a/1/logo.svg', type: 'image/svg+xml', alt: 'Poster' });
  });
});
