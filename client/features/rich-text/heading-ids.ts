import { richTextToPlainText } from '#client/features/rich-text/normalize-document.ts';

import type { Document } from '@contentful/rich-text-types';

const HEADINGS = new Set(['heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6']);
const MAX_LENGTH = 64;

/**
 * Element ids the app renders itself (heading-ids.test.ts scans client/ for them). A heading with one of these texts
 * gets a suffix, so `#main` stays the skip link's target and the search form keeps its label. richTextDomId ids
 * (`rt-<entry>-<field>-en-US-…`) need no entry: they hold upper case and `_`, a heading id never does.
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

/** `Über uns & Team!` → `über-uns-team`: lower case, letters and digits of any script, other runs as one `-`; '' when none. */
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

/**
 * The id of each heading of a (normalized) document, keyed by its node: the slug of its text, made unique within the
 * document (`team`, `team-2`) and never one of the app's own ids. Headings without letters or digits get none.
 */
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
