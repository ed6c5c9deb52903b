import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';
import { describe, expect, it, vi } from 'vitest';

import { MAX_BLOCK_DEPTH, normalizeDocument } from '#client/features/rich-text/normalize-document.ts';
import { doc, hyperlink, node, p, text } from '../../../tests/fixtures/rich-text.ts';

import type { AnyNode } from '../../../tests/fixtures/rich-text.ts';

const normalize = (input: unknown) => {
  const onUnknown = vi.fn();
  return { result: normalizeDocument(input, onUnknown) as unknown as AnyNode & { content: AnyNode[] }, onUnknown };
};

function depthOf(root: AnyNode): number {
  let max = 0;
  const stack: Array<[AnyNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    max = Math.max(max, depth);
    for (const child of (current.content as AnyNode[] | undefined) ?? []) stack.push([child, depth + 1]);
  }
  return max;
}

describe('normalizeDocument', () => {
  it('keeps a valid document as it is', () => {
    const input = doc(node('heading-2', [text('Title', MARKS.BOLD)]), p('Body ', hyperlink('https://example.com', 'link')));

    expect(normalize(input).result).toEqual(input);
  });

  it('returns an empty document for anything that is not one', () => {
    for (const input of [null, undefined, 'text', [], { nodeType: 'paragraph', content: [] }]) {
      expect(normalize(input).result).toEqual({ nodeType: 'document', data: {}, content: [] });
    }
  });

  it('coerces malformed text nodes and drops malformed nodes', () => {
    const input = {
      nodeType: 'document',
      content: [
        {
          nodeType: 'paragraph',
          content: [
            { nodeType: 'text', value: 42, marks: 'bold' },
            null,
            7,
            { value: 'x' },
            { nodeType: 'text', value: 'ok', marks: [null, { type: 'bold' }, { type: 'bold' }] },
          ],
        },
      ],
    };

    expect(normalize(input).result.content[0]).toEqual({
      nodeType: 'paragraph',
      data: {},
      content: [
        { nodeType: 'text', value: '', marks: [], data: {} },
        { nodeType: 'text', value: 'ok', marks: [{ type: 'bold' }], data: {} },
      ],
    });
  });

  it('turns unknown nodes into their text and reports unknown nodes and marks', () => {
    const { result, onUnknown } = normalize(doc(node('x-callout', [p('Careful'), p('now')]), p(text('x', 'sparkle'))));

    expect(result.content[0]).toEqual(text('Careful now'));
    expect(onUnknown.mock.calls).toEqual([['x-callout'], ['mark:sparkle']]);
  });

  it('flattens blocks inside paragraphs and inlines inside links', () => {
    const nested = p(
      'a',
      p('b'),
      node(BLOCKS.EMBEDDED_ENTRY),
      node(INLINES.HYPERLINK, [text('c'), hyperlink('https://x.example', 'd')], { uri: 'https://example.com' }),
    );

    const paragraph = normalize(doc(nested)).result.content[0]!;

    expect((paragraph.content as AnyNode[]).map((child) => child.nodeType)).toEqual(['text', 'text', 'text', 'hyperlink']);
    expect(((paragraph.content as AnyNode[])[3]!.content as AnyNode[]).map((child) => [child.nodeType, child.value])).toEqual([
      ['text', 'c'],
      ['text', 'd'],
    ]);
  });

  it('keeps only rows in tables and only cells in rows', () => {
    const table = node(BLOCKS.TABLE, [text('stray'), p('stray'), node(BLOCKS.TABLE_ROW, [p('stray'), node(BLOCKS.TABLE_CELL, [p('kept')])])]);

    const result = normalize(doc(table, node(BLOCKS.TABLE_CELL, [p('orphan')]))).result;

    expect(result.content[0]).toEqual({
      nodeType: 'table',
      data: { headerRows: 0 },
      content: [{ nodeType: 'table-row', data: {}, content: [{ nodeType: 'table-cell', data: {}, content: [p('kept')] }] }],
    });
    expect(result.content[1]).toEqual(text('orphan'));
  });

  it('flattens nesting beyond the limit into a paragraph, iteratively', () => {
    let deep: AnyNode = p('bottom');
    for (let i = 0; i < 100_000; i += 1) deep = node(BLOCKS.QUOTE, [deep]);

    const result = normalize(doc(deep)).result;

    expect(depthOf(result)).toBeLessThanOrEqual(MAX_BLOCK_DEPTH + 3);
    expect(JSON.stringify(result)).toContain('bottom');
  });
});
