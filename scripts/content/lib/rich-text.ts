import { richTextFromMarkdown } from '@contentful/rich-text-from-markdown';
import { BLOCKS, INLINES, MARKS, validateRichTextDocument } from '@contentful/rich-text-types';

import { toEntryUrn, toLink } from './space.ts';

import type { Document } from '@contentful/rich-text-types';
import type { Localized } from './space.ts';

/**
 * What Markdown lacks: link targets `entry:ID`, `asset:ID`, `resource:ID` and `crn:…`; `![](target)` on its own line embeds a
 * block; `{{target}}` embeds inline; `<u>`, `<sup>`, `<sub>` are marks. Inline nodes get empty text neighbours, as the editor writes them.
 */
interface RichNode {
  nodeType: string;
  data: Record<string, unknown>;
  content?: RichNode[];
  value?: string;
  marks?: { type: string }[];
}

const TAG_MARKS: Record<string, string> = { u: MARKS.UNDERLINE, sup: MARKS.SUPERSCRIPT, sub: MARKS.SUBSCRIPT };
const LINKS = { entry: INLINES.ENTRY_HYPERLINK, asset: INLINES.ASSET_HYPERLINK, resource: INLINES.RESOURCE_HYPERLINK };
const BLOCK_EMBEDS = { entry: BLOCKS.EMBEDDED_ENTRY, asset: BLOCKS.EMBEDDED_ASSET, resource: BLOCKS.EMBEDDED_RESOURCE };
const INLINE_EMBEDS = { entry: INLINES.EMBEDDED_ENTRY, resource: INLINES.EMBEDDED_RESOURCE };

const text = (value: string, marks: { type: string }[] = []): RichNode => ({ nodeType: 'text', value, marks, data: {} });

/** Undefined for a URI. */
function toTarget(target: string): { kind: 'entry' | 'asset' | 'resource'; data: Record<string, unknown> } | undefined {
  const [scheme = '', ...rest] = target.split(':');
  const id = rest.join(':');
  if (scheme === 'entry' || scheme === 'asset') return { kind: scheme, data: { target: toLink(scheme === 'entry' ? 'Entry' : 'Asset', id) } };
  if (scheme !== 'resource' && scheme !== 'crn') return undefined;
  return {
    kind: 'resource',
    data: { target: { sys: { type: 'ResourceLink', linkType: 'Contentful:Entry', urn: scheme === 'crn' ? target : toEntryUrn(id) } } },
  };
}

function embed(table: Partial<Record<string, string>>, target: string): RichNode {
  const resolved = toTarget(target);
  const nodeType = resolved && table[resolved.kind];
  if (!resolved || !nodeType) throw new Error(`Cannot embed "${target}" here`);
  return { nodeType, data: resolved.data, content: [] };
}

async function fallback(node: { type: string; url?: string; value?: string }): Promise<RichNode> {
  if (node.type === 'image') return embed(BLOCK_EMBEDS, node.url ?? '');
  if (node.type === 'html') return { nodeType: 'html', value: node.value ?? '', data: {} };
  if (node.type === 'break') return text('\n');
  throw new Error(`Unsupported Markdown node ${node.type}`);
}

function addMark(node: RichNode, type: string): void {
  if (node.nodeType === 'text') node.marks = [...(node.marks ?? []), { type }];
  for (const child of node.content ?? []) addMark(child, type);
}

function fixInlines(nodes: RichNode[]): RichNode[] {
  const result: RichNode[] = [];
  const open: string[] = [];
  for (const node of nodes) {
    const tag = node.nodeType === 'html' ? /^<(\/?)(u|sup|sub)>$/.exec(node.value ?? '') : undefined;
    if (node.nodeType === 'html' && !tag) throw new Error(`Unsupported HTML ${node.value}`);
    if (tag) {
      if (tag[1]) open.pop();
      else open.push(TAG_MARKS[tag[2] ?? ''] ?? '');
      continue;
    }
    for (const mark of open) addMark(node, mark);
    if (node.nodeType === INLINES.HYPERLINK) {
      const target = toTarget(String(node.data['uri']));
      if (target) Object.assign(node, { nodeType: LINKS[target.kind], data: target.data });
      else if (!/^(https:|mailto:|tel:|\/(?!\/))/.test(String(node.data['uri']))) throw new Error(`Unsupported link ${String(node.data['uri'])}`);
    }
    const parts = node.nodeType === 'text' ? (node.value ?? '').split(/\{\{(.+?)\}\}/) : [];
    if (parts.length < 2) result.push(node);
    else parts.forEach((part, index) => result.push(index % 2 ? embed(INLINE_EMBEDS, part) : text(part, node.marks)));
  }
  // Merge neighbouring texts with the same marks, then surround every inline node with (possibly empty) text.
  const merged: RichNode[] = [];
  for (const node of result) {
    const previous = merged.at(-1);
    if (node.nodeType === 'text' && previous?.nodeType === 'text' && JSON.stringify(previous.marks) === JSON.stringify(node.marks))
      previous.value = `${previous.value ?? ''}${node.value ?? ''}`;
    else if (node.nodeType !== 'text' && previous?.nodeType !== 'text') merged.push(text(''), node);
    else merged.push(node);
  }
  return merged.at(-1)?.nodeType === 'text' ? merged : [...merged, text('')];
}

function fixNode(node: RichNode): RichNode {
  let content = (node.content ?? []).map(fixNode);
  // The library puts inline HTML in a table cell beside its paragraphs: join them back into one.
  const inlines = content.flatMap((child) => (child.nodeType === BLOCKS.PARAGRAPH ? (child.content ?? []) : [child]));
  if (node.nodeType === BLOCKS.TABLE_CELL && content.length > 1) content = [{ nodeType: BLOCKS.PARAGRAPH, data: {}, content: fixInlines(inlines) }];
  if (node.nodeType === BLOCKS.TABLE) content[0]?.content?.forEach((cell) => Object.assign(cell, { nodeType: BLOCKS.TABLE_HEADER_CELL }));
  if (node.nodeType === 'text' || node.nodeType === 'html') return node;
  const isTextBlock = node.nodeType === BLOCKS.PARAGRAPH || node.nodeType.startsWith('heading-');
  return { nodeType: node.nodeType, data: node.data, content: isTextBlock ? fixInlines(content) : content };
}

export async function toLocalizedRichText(markdown: Localized<string>): Promise<Localized<Document>> {
  const english = { 'en-US': await toRichText(markdown['en-US']) };
  return markdown['de-DE'] === undefined ? english : { ...english, 'de-DE': await toRichText(markdown['de-DE']) };
}

export async function toRichText(markdown: string): Promise<Document> {
  const document = fixNode((await richTextFromMarkdown(markdown, fallback)) as unknown as RichNode) as unknown as Document;
  const errors = validateRichTextDocument(document);
  if (errors.length > 0) throw new Error(`Invalid rich text: ${JSON.stringify(errors.slice(0, 3))}`);
  return document;
}
