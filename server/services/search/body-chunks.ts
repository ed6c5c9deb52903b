import { BLOCKS } from '@contentful/rich-text-types';

import type { Document } from '@contentful/rich-text-types';

/** Target size of one body chunk; a chunk grows by whole paragraphs up to this. */
export const BODY_CHUNK_CHARS = 1000;

/** Blocks whose children are inline text. Lists, quotes and tables are made of these, so every visible word is reached. */
const TEXT_BLOCKS = new Set<string>([
  BLOCKS.PARAGRAPH,
  BLOCKS.HEADING_1,
  BLOCKS.HEADING_2,
  BLOCKS.HEADING_3,
  BLOCKS.HEADING_4,
  BLOCKS.HEADING_5,
  BLOCKS.HEADING_6,
]);

interface RichNode {
  nodeType: string;
  value?: string;
  content?: RichNode[];
}

/** Plain-text paragraphs of a rich-text document, whitespace collapsed, empty ones dropped. Embeds carry no text of their own. */
export function getParagraphs(document: Document): string[] {
  const paragraphs: string[] = [];
  const visit = (node: RichNode) => {
    if (TEXT_BLOCKS.has(node.nodeType)) {
      const text = collapse(getInlineText(node));
      if (text) paragraphs.push(text);
      return;
    }
    node.content?.forEach(visit);
  };
  visit(document as unknown as RichNode);
  return paragraphs;
}

/**
 * The body split into chunks of about `maxChars`, at paragraph boundaries. A paragraph longer than a chunk is split at sentence ends, then at spaces. Always
 * returns at least one chunk (possibly empty), so chunk 0 exists.
 */
export function getBodyChunks(document: Document | undefined, maxChars = BODY_CHUNK_CHARS): string[] {
  const pieces = (document ? getParagraphs(document) : []).flatMap((paragraph) => splitLong(paragraph, maxChars));
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + 1 + piece.length > maxChars) {
      chunks.push(current);
      current = piece;
    } else {
      current = current ? `${current}\n${piece}` : piece;
    }
  }
  chunks.push(current);
  return chunks;
}

function getInlineText(node: RichNode): string {
  if (node.nodeType === 'text') return node.value ?? '';
  return (node.content ?? []).map(getInlineText).join('');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function splitLong(paragraph: string, maxChars: number): string[] {
  if (paragraph.length <= maxChars) return [paragraph];
  const sentences = paragraph.split(/(?<=[.!?…])\s+/);
  const units = sentences.flatMap((sentence) => (sentence.length <= maxChars ? [sentence] : sentence.split(' ')));
  const parts: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current && current.length + 1 + unit.length > maxChars) {
      parts.push(current);
      current = '';
    }
    // A single word longer than a chunk (a URL, say) is cut hard.
    for (let rest = current ? `${current} ${unit}` : unit; ; rest = rest.slice(maxChars)) {
      if (rest.length <= maxChars) {
        current = rest;
        break;
      }
      parts.push(rest.slice(0, maxChars));
    }
  }
  if (current) parts.push(current);
  return parts;
}
