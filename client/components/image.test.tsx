import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { getImageDimensions, Image } from '#client/components/image.tsx';

import type { Asset } from '#shared/content/types.ts';
import type { ReactElement } from 'react';

const photo: Asset = {
  id: 'a1',
  title: 'Lounge chair',
  description: 'A walnut lounge chair on a grey rug',
  url: '/content-assets/images.ctfassets.net/vitrine-demo/a1/tok/chair.jpg',
  contentType: 'image/jpeg',
  fileName: 'chair.jpg',
  size: 123_456,
  width: 2400,
  height: 1600,
};

function renderImage(element: ReactElement) {
  const { container } = render(element);
  const img = container.querySelector('img')!;
  const sources = [...container.querySelectorAll('source')];
  return { container, img, sources };
}

describe('Image', () => {
  it('offers AVIF and WebP sources and a jpg fallback inside a picture', () => {
    const { container, img, sources } = renderImage(<Image asset={photo} sizes="(min-width: 40rem) 50vw, 100vw" />);

    expect(container.firstElementChild?.tagName).toBe('PICTURE');
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toContain(`${photo.url}?w=640&q=75&fm=avif 640w`);
    expect(sources[1]!.getAttribute('srcset')).toContain('fm=webp');
    expect(sources[0]!.getAttribute('sizes')).toBe('(min-width: 40rem) 50vw, 100vw');
    expect(img.getAttribute('src')).toBe(`${photo.url}?q=75&fm=jpg`);
    expect(img.getAttribute('srcset')).toContain('fm=jpg 1920w');
    expect(img.getAttribute('srcset')).toContain(`${photo.url}?q=75&fm=jpg 2400w`);
  });

  it('sets width and height from the asset and uses its description as alt', () => {
    const { img } = renderImage(<Image asset={photo} sizes="100vw" />);

    expect(img.getAttribute('width')).toBe('2400');
    expect(img.getAttribute('height')).toBe('1600');
    expect(img.getAttribute('alt')).toBe(photo.description);
  });

  it('scales the height for a fixed width and offers 1x/2x candidates', () => {
    const { img, sources } = renderImage(<Image asset={photo} width={64} alt="" />);

    expect(img.getAttribute('width')).toBe('64');
    expect(img.getAttribute('height')).toBe('43');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('sizes')).toBeNull();
    expect(sources[0]!.getAttribute('srcset')).toBe(`${photo.url}?w=64&q=75&fm=avif 1x, ${photo.url}?w=128&q=75&fm=avif 2x`);
  });

  it('loads lazily with async decoding by default', () => {
    const { img } = renderImage(<Image asset={photo} />);

    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('sizes')).toBe('100vw');
  });

  it('loads the priority image eagerly at high fetch priority', () => {
    const html = renderToString(<Image asset={photo} sizes="100vw" priority className="hero" />);

    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('class="hero"');
    expect(html).not.toContain('loading="lazy"');
  });

  it('keeps a png fallback for images that may be transparent', () => {
    const { img } = renderImage(<Image asset={{ ...photo, contentType: 'image/png', fileName: 'logo.png' }} width={128} />);

    expect(img.getAttribute('src')).toContain('fm=png');
  });

  it('does not request widths beyond the intrinsic width: the largest candidate is the image at its own size', () => {
    const { img, sources } = renderImage(<Image asset={{ ...photo, width: 700, height: 350 }} sizes="100vw" />);

    expect(
      sources[0]!
        .getAttribute('srcset')!
        .split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['640w', '700w']);
    expect(img.getAttribute('src')).toBe(`${photo.url}?q=75&fm=jpg`);
  });

  it('passes SVG and GIF through without transformation', () => {
    for (const contentType of ['image/svg+xml', 'image/gif']) {
      const asset = { ...photo, contentType, url: 'https://images.ctfassets.net/s/a/t/logo.svg' };
      const { container, img } = renderImage(<Image asset={asset} />);

      expect(container.querySelector('picture')).toBeNull();
      expect(img.getAttribute('src')).toBe('https://images.ctfassets.net/s/a/t/logo.svg');
      expect(img.getAttribute('srcset')).toBeNull();
      expect(img.getAttribute('width')).toBe('2400');
    }
  });
});

describe('getImageDimensions', () => {
  it('derives the height from the aspect ratio', () => {
    expect(getImageDimensions({ width: 400, height: 300 }, 200)).toEqual({ width: 200, height: 150 });
    expect(getImageDimensions({}, 100)).toEqual({ width: 100 });
  });
});
