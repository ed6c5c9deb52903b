import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';

import type { Document } from '@contentful/rich-text-types';

/** Deeper nesting becomes one paragraph of its text: the renderers recurse per level and overflow beyond ~1 000; editors nest a handful. */
export const MAX_BLOCK_DEPTH = 48;

/** What a node may contain. */
type Policy = 'blocks' | 'inline' | 'text' | 'rows' | 'cells' | 'none';

const POLICY_GROUPS: Array<[Policy, string[]]> = [
  ['blocks', [BLOCKS.DOCUMENT, BLOCKS.OL_LIST, BLOCKS.UL_LIST, BLOCKS.LIST_ITEM, BLOCKS.QUOTE, BLOCKS.TABLE_CELL, BLOCKS.TABLE_HEADER_CELL]],
  ['rows', [BLOCKS.TABLE]],
  ['cells', [BLOCKS.TABLE_ROW]],
  ['inline', [BLOCKS.PARAGRAPH, BLOCKS.HEADING_1, BLOCKS.HEADING_2, BLOCKS.HEADING_3, BLOCKS.HEADING_4, BLOCKS.HEADING_5, BLOCKS.HEADING_6]],
  ['none', [BLOCKS.HR, BLOCKS.EMBEDDED_ENTRY, BLOCKS.EMBEDDED_ASSET, BLOCKS.EMBEDDED_RESOURCE, INLINES.EMBEDDED_ENTRY, INLINES.EMBEDDED_RESOURCE]],
  ['text', [INLINES.HYPERLINK, INLINES.ENTRY_HYPERLINK, INLINES.ASSET_HYPERLINK, INLINES.RESOURCE_HYPERLINK]],
];
const CHILD_POLICY: Record<string, Policy> = Object.fromEntries(POLICY_GROUPS.flatMap(([policy, types]) => types.map((type) => [type, policy])));
const INLINE_TYPES = new Set<string>(Object.values(INLINES));
const CELL_TYPES = new Set<string>([BLOCKS.TABLE_CELL, BLOCKS.TABLE_HEADER_CELL]);
const NESTING_TYPES = new Set<string>([BLOCKS.OL_LIST, BLOCKS.UL_LIST, BLOCKS.LIST_ITEM, BLOCKS.QUOTE, BLOCKS.TABLE]);
const MARK_TYPES = new Set<string>(Object.values(MARKS));

interface OutNode {
  nodeType: string;
  data: Record<string, unknown>;
  content?: OutNode[];
  value?: string;
  marks?: Array<{ type: string }>;
}

interface Work {
  node: unknown;
  out: OutNode[];
  depth: number;
  policy: Policy;
  /** In a table's leading header rows: their `th` get `scope="col"`. */
  inHeader?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const contentOf = (node: Record<string, unknown>): unknown[] => (Array.isArray(node.content) ? node.content : []);
const text = (value: string): OutNode => ({ nodeType: 'text', value, marks: [], data: {} });

function toText(node: Record<string, unknown>, onUnknown: (kind: string) => void): OutNode {
  const marks: Array<{ type: string }> = [];
  for (const mark of Array.isArray(node.marks) ? node.marks : []) {
    const type = isRecord(mark) ? mark.type : undefined;
    if (typeof type !== 'string') continue;
    if (!MARK_TYPES.has(type)) onUnknown(`mark:${type}`);
    else if (!marks.some((m) => m.type === type)) marks.push({ type });
  }
  return { nodeType: 'text', value: typeof node.value === 'string' ? node.value : '', marks, data: {} };
}

const SPAN = (value: unknown) => (Number.isInteger(value) && (value as number) > 1 && (value as number) <= 1000 ? (value as number) : undefined);

function toCellData(data: Record<string, unknown>, scope: 'col' | 'row' | undefined): Record<string, unknown> {
  const [colspan, rowspan] = [SPAN(data.colspan), SPAN(data.rowspan)];
  return { ...(colspan ? { colspan } : {}), ...(rowspan ? { rowspan } : {}), ...(scope ? { scope } : {}) };
}

/** Contentful's "header row": leading rows made only of header cells. */
function countHeaderRows(rows: Array<Record<string, unknown>>): number {
  let count = 0;
  for (const row of rows) {
    const cells = contentOf(row).filter((cell) => isRecord(cell) && CELL_TYPES.has(cell.nodeType as string)) as Array<Record<string, unknown>>;
    if (cells.length === 0 || cells.some((cell) => cell.nodeType !== BLOCKS.TABLE_HEADER_CELL)) break;
    count += 1;
  }
  return count;
}

/** False: flattened to text (or dropped in tables). */
function fits(type: string, policy: Policy): boolean {
  if (policy === 'rows') return type === BLOCKS.TABLE_ROW;
  if (policy === 'cells') return CELL_TYPES.has(type);
  if (type === BLOCKS.TABLE_ROW || CELL_TYPES.has(type)) return false;
  if (policy === 'inline') return INLINE_TYPES.has(type);
  return policy === 'blocks';
}

/**
 * A document the renderer and the HTML parser agree on, so hostile or broken content can neither throw nor cause hydration mismatches:
 * malformed nodes and unknown marks are dropped, unknown node types (`onUnknown` is told) and misplaced blocks become text, tables keep
 * only rows and rows only cells. Iterative, so arbitrarily deep input cannot overflow the stack here.
 */
export function normalizeDocument(input: unknown, onUnknown: (kind: string) => void): Document {
  const root: OutNode = { nodeType: BLOCKS.DOCUMENT, data: {}, content: [] };
  if (!isRecord(input) || input.nodeType !== BLOCKS.DOCUMENT) return root as unknown as Document;
  const stack: Work[] = [];
  const pushChildren = (children: unknown[], out: OutNode[], depth: number, policy: Policy, isHeader: (index: number) => boolean = () => false) => {
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push({ node: children[i], out, depth, policy, inHeader: isHeader(i) });
  };
  pushChildren(contentOf(input), root.content!, 1, 'blocks');

  while (stack.length > 0) {
    const { node, out, depth, policy, inHeader = false } = stack.pop()!;
    if (!isRecord(node) || typeof node.nodeType !== 'string') continue;
    const type = node.nodeType;
    const tableSlot = policy === 'rows' || policy === 'cells';
    if (type === 'text') {
      if (!tableSlot) out.push(toText(node, onUnknown));
      continue;
    }
    const childPolicy = Object.hasOwn(CHILD_POLICY, type) ? CHILD_POLICY[type]! : undefined;
    if (!childPolicy) onUnknown(type);
    if (!childPolicy || type === BLOCKS.DOCUMENT || !fits(type, policy)) {
      if (!tableSlot) out.push(text(richTextToPlainText(node)));
      continue;
    }
    if (NESTING_TYPES.has(type) && depth > MAX_BLOCK_DEPTH) {
      out.push({ nodeType: BLOCKS.PARAGRAPH, data: {}, content: [text(richTextToPlainText(node))] });
      continue;
    }
    const data = isRecord(node.data) ? node.data : {};
    const copy: OutNode = { nodeType: type, data, content: [] };
    out.push(copy);
    if (type === BLOCKS.TABLE) {
      const rows = contentOf(node).filter((row) => isRecord(row) && row.nodeType === BLOCKS.TABLE_ROW);
      const headerRows = countHeaderRows(rows as Array<Record<string, unknown>>);
      copy.data = { headerRows };
      pushChildren(rows, copy.content!, depth + 1, childPolicy, (index) => index < headerRows);
      continue;
    }
    if (CELL_TYPES.has(type)) copy.data = toCellData(data, type === BLOCKS.TABLE_HEADER_CELL ? (inHeader ? 'col' : 'row') : undefined);
    if (childPolicy !== 'none') pushChildren(contentOf(node), copy.content!, depth + 1, childPolicy, () => inHeader);
  }
  return root as unknown as Document;
}

const BLOCK_TYPES = new Set<string>(Object.values(BLOCKS));
const DIVIDER = Symbol('divider');
const isBlock = (node: unknown) => isRecord(node) && BLOCK_TYPES.has(node.nodeType as string);

/** As @contentful/rich-text-plain-text-renderer does, but with an explicit stack (any depth) and tolerant of malformed nodes. */
export function richTextToPlainText(node: unknown, divider = ' '): string {
  const out: string[] = [];
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === DIVIDER) out.push(divider);
    if (!isRecord(item)) continue;
    if (item.nodeType === 'text') {
      if (typeof item.value === 'string') out.push(item.value);
      continue;
    }
    const content = contentOf(item);
    for (let i = content.length - 1; i >= 0; i -= 1) {
      stack.push(content[i]);
      if (i > 0 && isBlock(content[i - 1])) stack.push(DIVIDER);
    }
  }
  return out.join('');
}
