import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { richTextToPlainText } from '#client/features/rich-text/normalize-document.ts';
import { RichTextRenderer } from '#client/features/rich-text/rich-text-renderer.tsx';
import { doc, hyperlink, link, node, p, richText, text } from '../../../tests/fixtures/rich-text.ts';

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

describe('RichTextRenderer: blocks', () => {
  it('renders paragraphs and headings 1 to 6', () => {
    const { container } = renderDoc(doc(...[1, 2, 3, 4, 5, 6].map((level) => node(`heading-${level}`, [text(`Heading ${level}`)])), p('Body')));

    for (const level of [1, 2, 3, 4, 5, 6]) expect(screen.getByRole('heading', { level }).textContent).toBe(`Heading ${level}`);
    expect(container.querySelector('p')?.textContent).toBe('Body');
  });

  it('renders ordered, unordered and nested lists', () => {
    const item = (...content: ReturnType<typeof p>[]) => node(BLOCKS.LIST_ITEM, content);
    const { container } = renderDoc(doc(node(BLOCKS.UL_LIST, [item(p('One')), item(p('Two'), node(BLOCKS.OL_LIST, [item(p('Two a')), item(p('Two b'))]))])));

    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect([...container.querySelectorAll('ul > li > ol > li')].map((li) => li.textContent)).toEqual(['Two a', 'Two b']);
  });

  it('renders blockquotes and rules', () => {
    const { container } = renderDoc(doc(node(BLOCKS.QUOTE, [p('Less, but better.')]), node(BLOCKS.HR)));

    expect(container.querySelector('blockquote > p')?.textContent).toBe('Less, but better.');
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('renders tables with a header row in thead and scoped header cells', () => {
    const cell = (type: string, value: string, data = {}) => node(type, [p(value)], data);
    const table = node(BLOCKS.TABLE, [
      node(BLOCKS.TABLE_ROW, [cell(BLOCKS.TABLE_HEADER_CELL, 'Material'), cell(BLOCKS.TABLE_HEADER_CELL, 'Finish')]),
      node(BLOCKS.TABLE_ROW, [cell(BLOCKS.TABLE_HEADER_CELL, 'Oak'), cell(BLOCKS.TABLE_CELL, 'Oiled')]),
      node(BLOCKS.TABLE_ROW, [cell(BLOCKS.TABLE_CELL, 'Both', { colspan: 2, rowspan: 'x' })]),
    ]);

    const { container } = renderDoc(doc(table));

    expect([...container.querySelectorAll('thead th')].map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Material', 'col'],
      ['Finish', 'col'],
    ]);
    expect(container.querySelector('tbody th')?.getAttribute('scope')).toBe('row');
    expect(container.querySelector('tbody td')?.textContent).toBe('Oiled');
    const spanning = container.querySelectorAll('tbody td')[1]!;
    expect(spanning.getAttribute('colspan')).toBe('2');
    expect(spanning.getAttribute('rowspan')).toBeNull();
  });

  it('renders a table without header cells as body rows only', () => {
    const { container } = renderDoc(doc(node(BLOCKS.TABLE, [node(BLOCKS.TABLE_ROW, [node(BLOCKS.TABLE_CELL, [p('a')])])])));

    expect(container.querySelector('thead')).toBeNull();
    expect(container.querySelector('tbody td')?.textContent).toBe('a');
  });

  it('drops an empty trailing paragraph and keeps soft line breaks', () => {
    const { container } = renderDoc(doc(p('Line one\nLine two'), p('')));

    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelector('p')?.innerHTML).toBe('Line one<br>Line two');
  });
});

describe('RichTextRenderer: marks', () => {
  it.each([
    [MARKS.BOLD, 'strong'],
    [MARKS.ITALIC, 'em'],
    [MARKS.UNDERLINE, 'u'],
    [MARKS.CODE, 'code'],
    [MARKS.SUPERSCRIPT, 'sup'],
    [MARKS.SUBSCRIPT, 'sub'],
    [MARKS.STRIKETHROUGH, 's'],
  ])('renders %s as <%s>', (mark, tag) => {
    const { container } = renderDoc(doc(p(text('marked', mark))));

    expect(container.querySelector(`p > ${tag}`)?.textContent).toBe('marked');
  });

  it('nests several marks on one text', () => {
    const { container } = renderDoc(doc(p(text('both', MARKS.BOLD, MARKS.ITALIC))));

    expect(container.querySelector('em > strong, strong > em')?.textContent).toBe('both');
  });
});

describe('RichTextRenderer: links', () => {
  it('links web URLs with noopener noreferrer', () => {
    renderDoc(doc(p(hyperlink('https://example.com/a?b=1', 'Example'))));

    const anchor = screen.getByRole('link', { name: 'Example' });
    expect(anchor.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('links mailto and tel without rel', () => {
    renderDoc(doc(p(hyperlink('mailto:studio@example.com', 'Mail'), hyperlink('tel:+4930123456', 'Call'))));

    expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('href')).toBe('mailto:studio@example.com');
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+4930123456');
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('rel')).toBeNull();
  });

  it('links entries to their route client-side', () => {
    renderDoc(doc(p('See ', node(INLINES.ENTRY_HYPERLINK, [text('why oak')], link('article', 'Entry')))));

    expect(screen.getByRole('link', { name: 'why oak' }).getAttribute('href')).toBe('/articles/why-oak');
  });

  it('links assets to their file', () => {
    renderDoc(doc(p(node(INLINES.ASSET_HYPERLINK, [text('the guide')], link('pdf', 'Asset')))));

    expect(screen.getByRole('link', { name: 'the guide' }).getAttribute('href')).toBe('/content-assets/downloads.ctfassets.net/vitrine-demo/pdf/tok/care.pdf');
  });

  it('renders an inline entry as a link chip', () => {
    renderDoc(doc(p('Try the ', node(INLINES.EMBEDDED_ENTRY, [], link('chair', 'Entry')), '.')));

    const chip = screen.getByRole('link', { name: 'Lounge chair' });
    expect(chip.getAttribute('href')).toBe('/models/lounge-chair');
    expect(chip.className).toBe('rt-chip');
  });
});

describe('richTextToPlainText', () => {
  it('joins text with a divider between blocks', () => {
    expect(
      richTextToPlainText(
        doc(node('heading-2', [text('Title')]), p('One ', text('two', MARKS.BOLD)), node(BLOCKS.UL_LIST, [node(BLOCKS.LIST_ITEM, [p('three')])])),
      ),
    ).toBe('Title One two three');
    expect(richTextToPlainText(doc(p('a'), p('b')), '\n')).toBe('a\nb');
  });
});
