// @vitest-environment node
import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { RichTextRenderer } from '#client/features/rich-text/rich-text-renderer.tsx';
import { doc, hyperlink, link, node, p, richText, text } from '../../../tests/fixtures/rich-text.ts';

import type { RichText } from '#shared/content/types.ts';

const toHtml = (value: RichText) =>
  renderToString(
    <MemoryRouter>
      <RichTextRenderer value={value} locale="en-US" renderModel={(source) => <div className="viewer-poster" data-src={source.src} />} />
    </MemoryRouter>,
  );

describe('RichTextRenderer on the server', () => {
  it('renders every kind of node without a DOM', () => {
    const html = toHtml(
      richText(
        doc(
          node('heading-2', [text('Materials')]),
          p(
            'Read ',
            node(INLINES.ENTRY_HYPERLINK, [text('why oak')], link('article', 'Entry')),
            ' or ',
            hyperlink('https://example.com', 'elsewhere'),
            '.',
            text(' Oiled', MARKS.ITALIC),
          ),
          node(BLOCKS.EMBEDDED_ASSET, [], link('photo', 'Asset')),
          node(BLOCKS.EMBEDDED_ENTRY, [], link('chair', 'Entry')),
          node(BLOCKS.EMBEDDED_ASSET, [], link('video', 'Asset')),
          node(BLOCKS.TABLE, [
            node(BLOCKS.TABLE_ROW, [node(BLOCKS.TABLE_HEADER_CELL, [p('Wood')])]),
            node(BLOCKS.TABLE_ROW, [node(BLOCKS.TABLE_CELL, [p('Oak')])]),
          ]),
        ),
      ),
    );

    expect(html).toContain('<h2 id="materials">Materials</h2>');
    expect(html).toContain('<a href="/articles/why-oak">why oak</a>');
    expect(html).toContain('<a href="https://example.com/" rel="noopener noreferrer">elsewhere</a>');
    expect(html).toContain('<em> Oiled</em>');
    expect(html).toContain('<source type="image/avif"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('data-src="/content-assets/assets.ctfassets.net/vitrine-demo/glb/tok/chair.glb"');
    expect(html).toContain('<video controls="" preload="metadata"');
    expect(html).toContain('<thead><tr><th scope="col"><p>Wood</p></th></tr></thead><tbody><tr><td><p>Oak</p></td></tr></tbody>');
  });

  it('escapes markup in text and attributes', () => {
    const html = toHtml(richText(doc(p('</p><script>alert(1)</script>'), p(hyperlink('https://example.com/"><script>', 'x')))));

    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://example.com/%22%3E%3Cscript%3E"');
  });
});
