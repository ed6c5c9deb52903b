import { BLOCKS, validateRichTextDocument } from '@contentful/rich-text-types';

import { toEntryUrn } from './ids.ts';
import { padInlines, parseInline } from './markup-inline.ts';

import type { Document } from '@contentful/rich-text-types';
import type { RichNode } from './markup-inline.ts';

/**
 * A small Markdown dialect for writing the demo's rich text by hand:
 * `#`…`######` headings, paragraphs, `-`/`1.` lists (two spaces nest), `>` quotes
 * (a lone `>` separates paragraphs), `---` rules, `|` tables (first row = header cells),
 * `!entry:ID`, `!asset:ID`, `!resource:ID`, `!crn:…` embedded blocks, plus the inline
 * markup of markup-inline.ts.
 */
const HEADINGS = [BLOCKS.HEADING_1, BLOCKS.HEADING_2, BLOCKS.HEADING_3, BLOCKS.HEADING_4, BLOCKS.HEADING_5, BLOCKS.HEADING_6];
const LIST_LINE = /^(\s*)(-|\d+\.)\s+(.*)$/;

function block(nodeType: string, content: RichNode[] = [], data: Record<string, unknown> = {}): RichNode {
  return { nodeType, data, content };
}

function paragraph(text: string): RichNode {
  return block(BLOCKS.PARAGRAPH, padInlines(parseInline(text)));
}

function dedent(source: string): string[] {
  const lines = source.replace(/^\n/, '').replace(/\s+$/, '').split('\n');
  const indents = lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)?.[0].length ?? 0);
  const common = Math.min(...indents);
  return lines.map((line) => line.slice(common).replace(/\s+$/, ''));
}

function parseEmbed(line: string): RichNode {
  const target = line.slice(1);
  const [scheme, ...rest] = target.split(':');
  const id = rest.join(':');
  const resource = (urn: string) => ({ target: { sys: { type: 'ResourceLink', linkType: 'Contentful:Entry', urn } } });
  if (scheme === 'entry') return block(BLOCKS.EMBEDDED_ENTRY, [], { target: { sys: { type: 'Link', linkType: 'Entry', id } } });
  if (scheme === 'asset') return block(BLOCKS.EMBEDDED_ASSET, [], { target: { sys: { type: 'Link', linkType: 'Asset', id } } });
  if (scheme === 'resource') return block(BLOCKS.EMBEDDED_RESOURCE, [], resource(toEntryUrn(id)));
  if (scheme === 'crn') return block(BLOCKS.EMBEDDED_RESOURCE, [], resource(target));
  throw new Error(`Unsupported embed "${line}"`);
}

function parseList(lines: string[], start: number, indent: number): { node: RichNode; next: number } {
  const ordered = /^\d+\./.test(lines[start]?.trim() ?? '');
  const items: RichNode[] = [];
  let index = start;
  while (index < lines.length) {
    const match = LIST_LINE.exec(lines[index] ?? '');
    if (!match) break;
    const depth = match[1]?.length ?? 0;
    if (depth < indent) break;
    if (depth > indent) {
      const nested = parseList(lines, index, depth);
      items.at(-1)?.content?.push(nested.node);
      index = nested.next;
      continue;
    }
    if (/^\d+\./.test(match[2] ?? '') !== ordered) break;
    items.push(block(BLOCKS.LIST_ITEM, [paragraph(match[3] ?? '')]));
    index += 1;
  }
  return { node: block(ordered ? BLOCKS.OL_LIST : BLOCKS.UL_LIST, items), next: index };
}

function parseTable(lines: string[]): RichNode {
  const rows = lines.filter((line) => !/^\|[\s:|-]+\|$/.test(line));
  return block(
    BLOCKS.TABLE,
    rows.map((line, rowIndex) => {
      const cells = line.replace(/^\||\|$/g, '').split('|');
      const cellType = rowIndex === 0 ? BLOCKS.TABLE_HEADER_CELL : BLOCKS.TABLE_CELL;
      return block(
        BLOCKS.TABLE_ROW,
        cells.map((cell) => block(cellType, [paragraph(cell.trim())])),
      );
    }),
  );
}

function parseQuote(lines: string[]): RichNode {
  const paragraphs = lines
    .map((line) => line.replace(/^>\s?/, ''))
    .join('\n')
    .split(/\n\s*\n/)
    .map((text) => paragraph(text.replace(/\n/g, ' ')));
  return block(BLOCKS.QUOTE, paragraphs);
}

function takeWhile(lines: string[], start: number, test: (line: string) => boolean): string[] {
  const taken: string[] = [];
  for (let index = start; index < lines.length && test(lines[index] ?? ''); index += 1) taken.push(lines[index] ?? '');
  return taken;
}

function parseBlocks(lines: string[]): RichNode[] {
  const blocks: RichNode[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!line.trim()) {
      index += 1;
    } else if (heading) {
      blocks.push(block(HEADINGS[(heading[1]?.length ?? 1) - 1] ?? BLOCKS.HEADING_2, padInlines(parseInline(heading[2] ?? ''))));
      index += 1;
    } else if (line === '---') {
      blocks.push(block(BLOCKS.HR));
      index += 1;
    } else if (line.startsWith('!')) {
      blocks.push(parseEmbed(line));
      index += 1;
    } else if (line.startsWith('|')) {
      const rows = takeWhile(lines, index, (next) => next.startsWith('|'));
      blocks.push(parseTable(rows));
      index += rows.length;
    } else if (line.startsWith('>')) {
      const quoted = takeWhile(lines, index, (next) => next.startsWith('>'));
      blocks.push(parseQuote(quoted));
      index += quoted.length;
    } else if (LIST_LINE.test(line)) {
      const list = parseList(lines, index, 0);
      blocks.push(list.node);
      index = list.next;
    } else {
      const text = takeWhile(lines, index, (next) => Boolean(next.trim()) && !/^(#|>|\||!|---$)/.test(next) && !LIST_LINE.test(next));
      // A line ending in a backslash is a line break inside the paragraph.
      blocks.push(
        paragraph(
          text
            .map((part) => (part.endsWith('\\') ? `${part.slice(0, -1).trimEnd()}\n` : `${part} `))
            .join('')
            .trimEnd(),
        ),
      );
      index += text.length;
    }
  }
  return blocks;
}

/** Turns the markup into a Contentful rich-text document and throws if the result is not valid. */
export function toRichText(source: string): Document {
  const document = { nodeType: BLOCKS.DOCUMENT, data: {}, content: parseBlocks(dedent(source)) } as unknown as Document;
  const errors = validateRichTextDocument(document);
  if (errors.length > 0) throw new Error(`Invalid rich text: ${JSON.stringify(errors.slice(0, 3))}`);
  return document;
}
