import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { RichTextRenderer } from '#client/features/rich-text/rich-text-renderer.tsx';
import { doc, entries, files, hyperlink, link, node, p, richText, text } from '../../../tests/fixtures/rich-text.ts';

import type { AnyNode } from '../../../tests/fixtures/rich-text.ts';
import type { RichText } from '#shared/content/types.ts';

function renderValue(value: RichText) {
  return render(
    <MemoryRouter>
      <RichTextRenderer value={value} locale="en-US" renderModel={() => null} />
    </MemoryRouter>,
  );
}

const toHtml = (value: RichText) =>
  renderToString(
    <MemoryRouter>
      <RichTextRenderer value={value} locale="en-US" renderModel={() => <div className="viewer" />} />
    </MemoryRouter>,
  );

describe('RichTextRenderer: hostile links', () => {
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '\\\\evil.example',
    '/\\evil.example',
    'https://example.com@evil.example',
    undefined,
  ])('renders %j as plain text', (uri) => {
    const { container } = renderValue(richText(doc(p('before ', hyperlink(uri, 'click me'), ' after'))));

    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('before click me after');
  });

  it('treats a protocol-relative link as another origin over https, never as a path of this site', () => {
    const { container } = renderValue(richText(doc(p(hyperlink('//evil.example/x', 'away')))));

    expect(container.innerHTML).toBe('<p><a href="https://evil.example/x" rel="noopener noreferrer">away</a></p>');
  });

  it('never links to an entry or asset whose URL is not safe', () => {
    const value = richText(
      doc(p(node(INLINES.ENTRY_HYPERLINK, [text('entry')], link('bad', 'Entry')), node(INLINES.ASSET_HYPERLINK, [text('asset')], link('bad', 'Asset')))),
      {
        entries: { bad: { ...entries.page!, url: 'javascript:alert(1)' } },
        assets: { bad: { ...files.pdf!, url: 'javascript:alert(1)' } },
      },
    );

    const { container } = renderValue(value);

    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('entryasset');
  });
});

describe('RichTextRenderer: hostile text', () => {
  it('renders HTML and script in text as text', () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';

    const { container } = renderValue(richText(doc(p(payload), node('heading-2', [text(payload, MARKS.CODE)]))));

    expect(container.querySelector('script, img')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe(payload);
    expect(toHtml(richText(doc(p(payload))))).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#x27;&amp;');
  });

  it('ignores data attributes that look like markup', () => {
    const { container } = renderValue(richText(doc({ ...p('x'), data: { dangerouslySetInnerHTML: { __html: '<b>no</b>' }, className: 'evil' } } as AnyNode)));

    expect(container.querySelector('b, .evil')).toBeNull();
  });
});

describe('RichTextRenderer: broken links', () => {
  it.each([
    ['no data', { nodeType: BLOCKS.EMBEDDED_ENTRY, content: [] }],
    ['null data', { nodeType: BLOCKS.EMBEDDED_ENTRY, data: null, content: [] }],
    ['no target', node(BLOCKS.EMBEDDED_ASSET, [], {})],
    ['no sys', node(BLOCKS.EMBEDDED_ENTRY, [], { target: {} })],
    ['numeric id', node(BLOCKS.EMBEDDED_ENTRY, [], { target: { sys: { id: 7 } } })],
    ['missing entry', node(BLOCKS.EMBEDDED_ENTRY, [], link('missing', 'Entry'))],
    ['missing asset', node(BLOCKS.EMBEDDED_ASSET, [], link('missing', 'Asset'))],
    ['prototype key', node(BLOCKS.EMBEDDED_ENTRY, [], link('__proto__', 'Entry'))],
    ['constructor key', node(BLOCKS.EMBEDDED_ASSET, [], link('constructor', 'Asset'))],
    ['inline to missing entry', p(node(INLINES.EMBEDDED_ENTRY, [], link('toString', 'Entry')))],
  ])('renders nothing for %s', (_label, embed) => {
    const { container } = renderValue(richText(doc(embed as AnyNode)));

    expect(container.textContent).toBe('');
    expect(container.querySelector('figure, .rt-card, a, img')).toBeNull();
  });

  it('keeps the words of links whose target is missing', () => {
    const { container } = renderValue(
      richText(doc(p(node(INLINES.ENTRY_HYPERLINK, [text('gone')], link('missing', 'Entry')), node(INLINES.ASSET_HYPERLINK, [text(' too')], {})))),
    );

    expect(container.innerHTML).toBe('<p>gone too</p>');
  });

  it('survives missing links and documents', () => {
    const broken = [{ document: doc(p('x')) }, { document: undefined, links: undefined }, undefined, null] as unknown as RichText[];

    for (const value of broken) expect(() => renderValue(value)).not.toThrow();
  });
});

describe('RichTextRenderer: unknown nodes', () => {
  it('renders their text and warns once per node type', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const { container } = renderValue(richText(doc(node('x-alpha', [p('one')]), node('x-alpha', [p('two')]), p(node('x-beta', [text('three')])))));
    renderValue(richText(doc(node('x-alpha', [p('again')]))));

    expect(container.textContent).toBe('onetwothree');
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'rich-text: unknown node type "x-alpha", rendered as plain text',
      'rich-text: unknown node type "x-beta", rendered as plain text',
    ]);
  });

  it('renders text with an unknown mark without the mark and warns once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const { container } = renderValue(richText(doc(p(text('a', 'x-glow'), text('b', 'x-glow', MARKS.BOLD)))));

    expect(container.innerHTML).toBe('<p>a<strong>b</strong></p>');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('RichTextRenderer: size', () => {
  it('renders a 5 000-node document quickly', () => {
    const blocks: AnyNode[] = [];
    for (let i = 0; i < 1250; i += 1) blocks.push(p(`Paragraph ${i} `, text('bold', MARKS.BOLD), hyperlink('https://example.com', 'link')));

    const started = performance.now();
    const html = toHtml(richText(doc(...blocks)));
    const { container } = renderValue(richText(doc(...blocks)));

    expect(performance.now() - started).toBeLessThan(3000);
    expect(html.match(/<p>/g)).toHaveLength(1250);
    expect(container.querySelectorAll('a')).toHaveLength(1250);
  });

  it.each([
    ['blockquotes', (inner: AnyNode) => node(BLOCKS.QUOTE, [inner])],
    ['lists', (inner: AnyNode) => node(BLOCKS.UL_LIST, [node(BLOCKS.LIST_ITEM, [inner])])],
    ['links in links', (inner: AnyNode) => node(INLINES.HYPERLINK, [inner], { uri: 'https://example.com' })],
    ['unknown nodes', (inner: AnyNode) => node('x-deep', [inner])],
  ])('renders 5 000 levels of nested %s without overflowing the stack', (_label, wrap) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let deep: AnyNode = text('bottom');
    for (let i = 0; i < 5000; i += 1) deep = wrap(deep);

    const html = toHtml(richText(doc(p('top'), deep)));

    expect(html).toContain('bottom');
  });

  it('renders a wide table', () => {
    const row = (i: number) =>
      node(
        BLOCKS.TABLE_ROW,
        Array.from({ length: 10 }, (_, j) => node(BLOCKS.TABLE_CELL, [p(`${i}.${j}`)])),
      );

    const html = toHtml(
      richText(
        doc(
          node(
            BLOCKS.TABLE,
            Array.from({ length: 200 }, (_, i) => row(i)),
          ),
        ),
      ),
    );

    expect(html.match(/<td>/g)).toHaveLength(2000);
  });
});
