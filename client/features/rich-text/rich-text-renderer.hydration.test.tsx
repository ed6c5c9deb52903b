import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { RichTextRenderer } from '#client/features/rich-text/rich-text-renderer.tsx';
import { doc, hyperlink, link, node, p, resource, richText, text, urn } from '../../../tests/fixtures/rich-text.ts';

import type { RichText } from '#shared/content/types.ts';

function app(value: RichText) {
  return (
    <MemoryRouter>
      <RichTextRenderer value={value} locale="de-DE" renderModel={(source) => <div className="viewer-poster">{source.alt}</div>} />
    </MemoryRouter>
  );
}

describe('RichTextRenderer hydration', () => {
  it('hydrates the server HTML without mismatches, hostile parts included', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const value = richText(
      doc(
        node(BLOCKS.HEADING_2, [text('Über uns')]),
        node(BLOCKS.HEADING_3, [text('über  UNS')]),
        p('Soft\nbreak ', text('bold', MARKS.BOLD), hyperlink('javascript:alert(1)', 'not a link'), p('block in a paragraph')),
        node(BLOCKS.TABLE, [
          p('stray'),
          node(BLOCKS.TABLE_ROW, [node(BLOCKS.TABLE_HEADER_CELL, [p('Head')])]),
          node(BLOCKS.TABLE_ROW, [node(BLOCKS.TABLE_CELL, [p('Cell')])]),
        ]),
        node(BLOCKS.UL_LIST, [node(BLOCKS.LIST_ITEM, [p('item'), node(BLOCKS.EMBEDDED_ENTRY, [], link('article', 'Entry'))])]),
        node(BLOCKS.EMBEDDED_ASSET, [], link('photo', 'Asset')),
        node(BLOCKS.EMBEDDED_ASSET, [], link('pdf', 'Asset')),
        node(BLOCKS.EMBEDDED_RESOURCE, [], resource(urn('gone'))),
        p(node(INLINES.EMBEDDED_ENTRY, [], link('chair', 'Entry')), node('x-hydration', [text('unknown')])),
      ),
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(app(value));
    document.body.append(container);
    const before = container.innerHTML;
    const recoverable: unknown[] = [];

    await act(async () => {
      hydrateRoot(container, app(value), { onRecoverableError: (error) => recoverable.push(error) });
    });

    expect(recoverable).toEqual([]);
    expect(container.innerHTML).toBe(before);
    expect([...container.querySelectorAll('h2, h3')].map((heading) => heading.id)).toEqual(['über-uns', 'über-uns-2']);
    expect(container.textContent).toContain('Verknüpfter Inhalt nicht verfügbar');
    container.remove();
  });
});
