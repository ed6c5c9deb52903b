import { BLOCKS } from '@contentful/rich-text-types';

import type { Document } from '@contentful/rich-text-types';

const BLOCK_TYPES = new Set<string>(Object.values(BLOCKS));
const DIVIDER = Symbol('divider');

interface LooseNode {
  nodeType?: unknown;
  value?: unknown;
  content?: unknown;
}

function isBlock(node: unknown): boolean {
  return typeof node === 'object' && node !== null && BLOCK_TYPES.has((node as LooseNode).nodeType as string);
}

/**
 * The text of a rich-text document or node, blocks separated by `divider`
 * (a space by default), as @contentful/rich-text-plain-text-renderer does.
 * Walks with an explicit stack, so any depth is fine; tolerates malformed nodes.
 */
export function richTextToPlainText(node: Document | unknown, divider = ' '): string {
  const out: string[] = [];
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === DIVIDER) {
      out.push(divider);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const { nodeType, value, content } = item as LooseNode;
    if (nodeType === 'text') {
      if (typeof value === 'string') out.push(value);
      continue;
    }
    if (!Array.isArray(content)) continue;
    for (let i = content.length - 1; i >= 0; i -= 1) {
      stack.push(content[i]);
      if (i > 0 && isBlock(content[i - 1])) stack.push(DIVIDER);
    }
  }
  return out.join('');
}
