import { INLINES, MARKS } from '@contentful/rich-text-types';

import { toEntryUrn } from './ids.ts';

/** A rich-text node as JSON; the generator checks whole documents with validateRichTextDocument. */
export interface RichNode {
  nodeType: string;
  data: Record<string, unknown>;
  content?: RichNode[];
  value?: string;
  marks?: { type: string }[];
}

const MARK_DELIMITERS: { delimiter: string; mark: MARKS }[] = [
  { delimiter: '**', mark: MARKS.BOLD },
  { delimiter: '__', mark: MARKS.UNDERLINE },
  { delimiter: '~~', mark: MARKS.STRIKETHROUGH },
  { delimiter: '*', mark: MARKS.ITALIC },
  { delimiter: '`', mark: MARKS.CODE },
  { delimiter: '^', mark: MARKS.SUPERSCRIPT },
  { delimiter: '~', mark: MARKS.SUBSCRIPT },
];

export function createText(value: string, marks: readonly string[] = []): RichNode {
  return { nodeType: 'text', value, marks: marks.map((type) => ({ type })), data: {} };
}

function toLinkTarget(linkType: 'Entry' | 'Asset', id: string) {
  return { target: { sys: { type: 'Link', linkType, id } } };
}

function toResourceTarget(urn: string) {
  return { target: { sys: { type: 'ResourceLink', linkType: 'Contentful:Entry', urn } } };
}

/** `entry:ID`, `asset:ID`, `resource:ID` (this space), `crn:…` (any space) or a URI (https, mailto, tel). */
function createHyperlink(target: string, label: RichNode[]): RichNode {
  const [scheme, ...rest] = target.split(':');
  const id = rest.join(':');
  if (scheme === 'entry') return { nodeType: INLINES.ENTRY_HYPERLINK, data: toLinkTarget('Entry', id), content: label };
  if (scheme === 'asset') return { nodeType: INLINES.ASSET_HYPERLINK, data: toLinkTarget('Asset', id), content: label };
  if (scheme === 'resource') return { nodeType: INLINES.RESOURCE_HYPERLINK, data: toResourceTarget(toEntryUrn(id)), content: label };
  if (scheme === 'crn') return { nodeType: INLINES.RESOURCE_HYPERLINK, data: toResourceTarget(target), content: label };
  if (!/^(https:|mailto:|tel:)/.test(target)) throw new Error(`Unsupported link target "${target}"`);
  return { nodeType: INLINES.HYPERLINK, data: { uri: target }, content: label };
}

/** `{{entry:ID}}`, `{{resource:ID}}` or `{{crn:…}}`: an inline embed. */
function createInlineEmbed(target: string): RichNode {
  const [scheme, ...rest] = target.split(':');
  const id = rest.join(':');
  if (scheme === 'entry') return { nodeType: INLINES.EMBEDDED_ENTRY, data: toLinkTarget('Entry', id), content: [] };
  if (scheme === 'resource') return { nodeType: INLINES.EMBEDDED_RESOURCE, data: toResourceTarget(toEntryUrn(id)), content: [] };
  if (scheme === 'crn') return { nodeType: INLINES.EMBEDDED_RESOURCE, data: toResourceTarget(target), content: [] };
  throw new Error(`Unsupported inline embed "${target}"`);
}

function findMarkSpan(text: string, index: number) {
  for (const { delimiter, mark } of MARK_DELIMITERS) {
    if (!text.startsWith(delimiter, index)) continue;
    let end = text.indexOf(delimiter, index + delimiter.length);
    // `**bold *and italic***`: the closing delimiter is the last run of the character.
    while (end > 0 && text[end + delimiter.length] === delimiter[0]) end += 1;
    if (end > index + delimiter.length) return { delimiter, mark, end };
  }
  return undefined;
}

/**
 * Parses the inline markup of one line: marks (`**bold**`, `*italic*`, `__underline__`,
 * `` `code` ``, `^sup^`, `~sub~`, `~~strike~~`), links (`[label](target)`) and inline embeds
 * (`{{target}}`). A backslash escapes the next character.
 */
export function parseInline(text: string, marks: readonly string[] = [], allowInlines = true): RichNode[] {
  const nodes: RichNode[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) nodes.push(createText(buffer, marks));
    buffer = '';
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (char === '\\' && index + 1 < text.length) {
      buffer += text[index + 1];
      index += 2;
      continue;
    }
    if (allowInlines && text.startsWith('{{', index)) {
      const end = text.indexOf('}}', index);
      flush();
      nodes.push(createInlineEmbed(text.slice(index + 2, end)));
      index = end + 2;
      continue;
    }
    if (allowInlines && char === '[') {
      const middle = text.indexOf('](', index);
      const end = middle < 0 ? -1 : text.indexOf(')', middle);
      if (middle > 0 && end > 0) {
        flush();
        const label = parseInline(text.slice(index + 1, middle), marks, false);
        nodes.push(createHyperlink(text.slice(middle + 2, end), label));
        index = end + 1;
        continue;
      }
    }
    const span = findMarkSpan(text, index);
    if (span) {
      flush();
      const inner = text.slice(index + span.delimiter.length, span.end);
      const innerMarks = [...marks, span.mark];
      nodes.push(...(span.mark === MARKS.CODE ? [createText(inner, innerMarks)] : parseInline(inner, innerMarks, allowInlines)));
      index = span.end + span.delimiter.length;
      continue;
    }
    buffer += char;
    index += 1;
  }
  flush();
  return nodes;
}

/** Like the Contentful editor: inline nodes are always surrounded by (possibly empty) text nodes. */
export function padInlines(nodes: RichNode[]): RichNode[] {
  const padded: RichNode[] = [];
  for (const node of nodes) {
    const previous = padded.at(-1);
    if (node.nodeType !== 'text' && (!previous || previous.nodeType !== 'text')) padded.push(createText(''));
    padded.push(node);
  }
  if (padded.at(-1)?.nodeType !== 'text') padded.push(createText(''));
  return padded;
}
