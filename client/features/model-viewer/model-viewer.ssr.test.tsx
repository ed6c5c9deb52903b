import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ModelViewer } from './index.ts';

import type { ViewerSource } from '#shared/content/types.ts';

const poster = {
  id: 'poster',
  title: 'Chair',
  description: '',
  url: '/content-assets/chair.jpg',
  contentType: 'image/jpeg',
  fileName: 'chair.jpg',
  size: 1000,
  width: 1200,
  height: 900,
};
const source: ViewerSource = { src: '/models/chair.glb', alt: 'Oak lounge chair', poster };

function renderFigure(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  const figure = container.querySelector('figure');
  if (!figure) throw new Error('no figure rendered');
  return figure;
}

describe('ModelViewer server markup', () => {
  it('renders a fixed-ratio figure with the poster, its size and alt text', () => {
    const figure = renderFigure(renderToString(<ModelViewer source={source} locale="en-US" />));
    const image = figure.querySelector('img');

    expect(figure.getAttribute('style')).toBeNull();
    expect(figure.dataset.state).toBe('idle');
    expect(figure.className).toBe('mv-viewer');
    expect(image?.getAttribute('src')).toMatch(/^\/content-assets\/chair\.jpg\?/);
    expect(image?.getAttribute('alt')).toBe('Oak lounge chair');
    expect(image?.getAttribute('width')).toBe('1200');
    expect(image?.getAttribute('height')).toBe('900');
    expect(image?.getAttribute('loading')).toBe('lazy');
  });

  it("offers the poster at the spec's widths in AVIF, WebP and JPEG, sized like the figure", () => {
    const figure = renderFigure(renderToString(<ModelViewer source={source} locale="en-US" sizes="(min-width: 1152px) 1112px, 100vw" />));
    const image = figure.querySelector('img');
    const sources = [...figure.querySelectorAll('picture > source')].map((element) => element.getAttribute('type'));
    const widths = [...(image?.getAttribute('srcset') ?? '').matchAll(/ (\d+)w/g)].map((match) => Number(match[1]));

    expect(sources).toEqual(['image/avif', 'image/webp']);
    expect(image?.getAttribute('sizes')).toBe('(min-width: 1152px) 1112px, 100vw');
    expect(widths).toEqual([640, 750, 828, 1080, 1200]);
    expect(image?.className).toBe('mv-poster');
  });

  it('loads the poster eagerly with high priority for an eager viewer', () => {
    const image = renderFigure(renderToString(<ModelViewer source={source} locale="en-US" eager />)).querySelector('img');

    expect(image?.getAttribute('loading')).toBe('eager');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
  });

  it('renders a neutral placeholder named by the alt text when there is no poster', () => {
    const figure = renderFigure(renderToString(<ModelViewer source={{ src: '/m.glb', alt: 'A vase' }} locale="en-US" />));
    const placeholder = figure.querySelector('[role="img"]');

    expect(figure.querySelector('img')).toBeNull();
    expect(placeholder?.getAttribute('aria-label')).toBe('A vase');
  });

  it('renders neither canvas nor progress nor message on the server', () => {
    const figure = renderFigure(renderToString(<ModelViewer source={source} locale="en-US" eager />));

    expect(figure.querySelector('canvas')).toBeNull();
    expect(figure.querySelector('[role="progressbar"]')).toBeNull();
    expect(figure.querySelector('[role="status"]')?.textContent).toBe('');
    expect(figure.hasAttribute('data-progress')).toBe(false);
  });
});
