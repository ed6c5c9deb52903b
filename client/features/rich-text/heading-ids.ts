import { richTextToPlainText } from '#client/features/rich-text/normalize-document.ts';

import type { Document } from '@contentful/rich-text-types';

const HEADINGS = new Set(['heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6']);
const MAX_LENGTH = 64;

/**
 * Ids the app renders itself (heading-ids.test.ts scans client/ for them), so `#main` stays the skip link's target. richTextDomId ids
 * need no entry: they hold upper case and `_`, a heading id never does.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set([
  'main',
  'header-search',
  'header-search-input',
  'search-page-input',
  'search-page-form',
  'search-results-summary',
  'error-title',
  'featured-title',
  'latest-title',
  'model-check-title',
  'tag-models',
  'tag-articles',
]);
const RESERVED_PATTERN = /^search-facet-[a-z]+-\d+$/;

/** `Über uns & Team!` → `über-uns-team`; '' when it has no letters or digits. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Cut by code points, so no surrogate pair is split.
  return Array.from(slug).slice(0, MAX_LENGTH).join('').replace(/-+$/, '');
}

type AnyNode = { nodeType?: unknown; content?: unknown };

/** By heading node: the slug of its text, unique within the document (`team`, `team-2`) and never one of the app's own ids. */
export function headingIds(document: Document): WeakMap<object, string> {
  const ids = new WeakMap<object, string>();
  const used = new Set<string>();
  const next = new Map<string, number>();
  const free = (id: string) => !used.has(id) && !RESERVED_IDS.has(id) && !RESERVED_PATTERN.test(id);
  const visit = (node: AnyNode) => {
    if (!HEADINGS.has(node.nodeType as string)) {
      if (Array.isArray(node.content)) node.content.forEach(visit);
      return;
    }
    const base = slugify(richTextToPlainText(node, ''));
    if (!base) return;
    let id = base;
    // Counting on per base keeps a thousand equal headings linear.
    for (let n = next.get(base) ?? 2; !free(id); n++) {
      id = `${base}-${n}`;
      next.set(base, n + 1);
    }
    used.add(id);
    ids.set(node, id);
  };
  visit(document as AnyNode);
  return ids;
}
