import { BLOCKS, INLINES } from '@contentful/rich-text-types';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { RichTextRenderer } from '#client/features/rich-text/rich-text-renderer.tsx';
import { doc, link, node, p, resource, richText, text, urn } from '../../../tests/fixtures/rich-text.ts';

import type { Locale, ViewerSource } from '#shared/content/types.ts';
import type { Document } from '@contentful/rich-text-types';
import type { ReactNode } from 'react';

function renderDoc(document: Document, options: { locale?: Locale; renderModel?: (source: ViewerSource) => ReactNode } = {}) {
  return render(
    <MemoryRouter>
      <RichTextRenderer value={richText(document)} locale={options.locale ?? 'en-US'} renderModel={options.renderModel ?? (() => null)} />
    </MemoryRouter>,
  );
}

describe('RichTextRenderer: embedded entries', () => {
  it('renders an article as a card with image, title link and summary', () => {
    const { container } = renderDoc(doc(node(BLOCKS.EMBEDDED_ENTRY, [], link('article', 'Entry'))));

    const card = container.querySelector<HTMLElement>('.rt-card')!;
    expect(within(card).getByRole('link', { name: 'Why oak' }).getAttribute('href')).toBe('/articles/why-oak');
    expect(card.textContent).toContain('On grain and patience.');
    expect(card.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('gives a model a viewer slot through renderModel', () => {
    const renderModel = vi.fn((source: ViewerSource) => <div data-testid="viewer">{source.src}</div>);

    const { container } = renderDoc(doc(node(BLOCKS.EMBEDDED_ENTRY, [], link('chair', 'Entry'))), { renderModel });

    expect(renderModel).toHaveBeenCalledWith(
      expect.objectContaining({ src: '/content-assets/assets.ctfassets.net/vitrine-demo/glb/tok/chair.glb', alt: 'Lounge chair' }),
    );
    expect(screen.getByTestId('viewer')).toBeTruthy();
    expect(within(container.querySelector('figcaption')!).getByRole('link', { name: 'Lounge chair' }).getAttribute('href')).toBe('/models/lounge-chair');
  });
});

describe('RichTextRenderer: embedded assets', () => {
  const embed = (id: string) => node(BLOCKS.EMBEDDED_ASSET, [], link(id, 'Asset'));

  it('renders an image as a responsive figure with alt and caption', () => {
    const { container } = renderDoc(doc(embed('photo')));

    const figure = container.querySelector('figure.rt-image')!;
    expect(figure.querySelector('picture source[type="image/avif"]')).not.toBeNull();
    const img = figure.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('A carpenter planing an oak board');
    expect(img.getAttribute('width')).toBe('1600');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(figure.querySelector('figcaption')?.textContent).toBe('Workshop');
  });

  it('renders a video with native controls that loads metadata only', () => {
    const { container } = renderDoc(doc(embed('video')));

    const video = container.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.getAttribute('src')).toBe('/content-assets/videos.ctfassets.net/vitrine-demo/video/tok/assembly.mp4');
  });

  it('hands glTF and GLB assets to the viewer slot, by type or by file name', () => {
    const renderModel = vi.fn((_source: ViewerSource) => <div data-testid="viewer" />);

    renderDoc(doc(embed('glb'), embed('gltf')), { renderModel });

    expect(renderModel.mock.calls.map(([source]) => source)).toEqual([
      { src: '/content-assets/assets.ctfassets.net/vitrine-demo/glb/tok/chair.glb', alt: 'Chair model' },
      { src: 'https://assets.ctfassets.net/vitrine-demo/gltf/tok/lamp.gltf', alt: 'Lamp' },
    ]);
    expect(screen.getAllByTestId('viewer')).toHaveLength(2);
  });

  it('offers other files as a download with name and size', () => {
    const { container } = renderDoc(doc(embed('pdf')), { locale: 'de-DE' });

    const anchor = screen.getByRole('link', { name: 'care.pdf' });
    expect(anchor.hasAttribute('download')).toBe(true);
    expect(container.querySelector('.rt-file-size')?.textContent).toBe('(1,2 MB)');
  });
});

describe('RichTextRenderer: resource links', () => {
  it('resolves resource blocks, inlines and hyperlinks by URN', () => {
    const { container } = renderDoc(
      doc(
        node(BLOCKS.EMBEDDED_RESOURCE, [], resource(urn('article'))),
        p(
          node(INLINES.EMBEDDED_RESOURCE, [], resource('crn:contentful:::content:spaces/other/environments/master/entries/page')),
          node(INLINES.RESOURCE_HYPERLINK, [text('the chair')], resource(urn('chair'))),
        ),
      ),
    );

    expect(container.querySelector('.rt-card')?.textContent).toContain('Why oak');
    expect(screen.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/about');
    expect(screen.getByRole('link', { name: 'the chair' }).getAttribute('href')).toBe('/models/lounge-chair');
  });

  it('shows an unobtrusive placeholder for unresolved resources', () => {
    const { container } = renderDoc(
      doc(
        node(BLOCKS.EMBEDDED_RESOURCE, [], resource(urn('gone'))),
        p(node(INLINES.EMBEDDED_RESOURCE, [], resource('not a urn')), node(INLINES.RESOURCE_HYPERLINK, [text('old link')], resource(urn('gone')))),
      ),
    );

    expect([...container.querySelectorAll('.rt-unavailable')].map((el) => el.textContent)).toEqual([
      'Linked content unavailable',
      'Linked content unavailable',
    ]);
    expect(container.querySelector('.rt-unresolved')?.textContent).toBe('old link');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
