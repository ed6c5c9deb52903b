import { BLOCKS, HEADINGS } from '@contentful/rich-text-types';
import pLimit from 'p-limit';

import { paths } from '#shared/urls.ts';

import type { Article, Asset, Locale, Model3D, Page } from '#shared/content/types.ts';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { SearchRecord } from '#shared/search-schema.ts';
import type { Document } from '@contentful/rich-text-types';

type SearchableEntry = Article | Model3D | Page;

/** For Algolia and the embedded engine alike: one record per body chunk, each repeating title, summary and tags. */
export function toSearchRecords(entry: SearchableEntry): SearchRecord[] {
  const { entryId, type, locale, title, facts, slug, url, summary, tags, image, updatedAt } = toRecordBase(entry);
  const updatedAtTimestamp = Math.floor(Date.parse(updatedAt) / 1000) || 0;
  const chunks = getBodyChunks(entry.type === 'model' ? entry.description.document : entry.body.document);
  return chunks.map((body, chunk) => {
    const objectID = chunk === 0 ? `${entry.id}:${entry.locale}` : `${entry.id}:${entry.locale}:${chunk}`;
    const optional = { ...(facts ? { facts } : {}), ...(image ? { image } : {}) };
    return { objectID, entryId, type, locale, title, slug, url, summary, body, chunk, tags, ...optional, updatedAt, updatedAtTimestamp };
  });
}

function toRecordBase(entry: SearchableEntry): Omit<SearchRecord, 'objectID' | 'body' | 'chunk' | 'updatedAtTimestamp'> {
  const { locale, slug } = entry;
  const common = { entryId: entry.id, locale, slug, tags: entry.tags.map((tag) => tag.name), updatedAt: entry.updatedAt };
  switch (entry.type) {
    case 'article':
      return { ...common, type: 'article', title: entry.title, url: paths.article(locale, slug), summary: entry.excerpt, image: toImage(entry.heroImage) };
    case 'model':
      return {
        ...common,
        type: 'model',
        title: entry.name,
        ...(entry.facts ? { facts: entry.facts.map((fact) => fact.value) } : {}),
        url: paths.model(locale, slug),
        summary: entry.summary,
        image: toImage(entry.poster ?? entry.viewer.poster),
      };
    case 'page':
      return { ...common, type: 'page', title: entry.title, url: paths.page(locale, slug), summary: entry.seoDescription ?? '', image: toImage(entry.ogImage) };
  }
}

function toImage(asset: Asset | undefined): string | undefined {
  return asset && asset.contentType.startsWith('image/') ? asset.url : undefined;
}

/** 6 loads at a time (the CDA rate-limits). */
async function loadSearchableEntries(content: ContentApi, locale: Locale): Promise<SearchableEntry[]> {
  const options = { locale, preview: false };
  const [articles, models, pages] = await Promise.all([
    content.listArticles({ limit: 1000 }, options),
    content.listModels({}, options),
    content.listPages(options),
  ]);
  const limit = pLimit(6);
  const loaded = await Promise.all([
    ...articles.items.map((a) => limit(() => content.getArticle(a.slug, options))),
    ...models.map((m) => limit(() => content.getModel(m.slug, options))),
    ...pages.map((p) => limit(() => content.getPage(p.slug, options))),
  ]);
  return loaded.filter((entry): entry is SearchableEntry => entry !== null);
}

export async function collectRecords(content: ContentApi, locales: readonly Locale[], entryIds?: readonly string[]): Promise<SearchRecord[]> {
  const perLocale = await Promise.all(locales.map((locale) => loadSearchableEntries(content, locale)));
  const records = perLocale.flat().flatMap(toSearchRecords);
  if (!entryIds) return records;
  const wanted = new Set(entryIds);
  return records.filter((record) => wanted.has(record.entryId));
}

/** A chunk grows by whole paragraphs up to this. */
const BODY_CHUNK_CHARS = 1000;

/** Blocks whose children are inline text. Lists, quotes and tables are made of these, so every visible word is reached. */
const TEXT_BLOCKS = new Set<string>([BLOCKS.PARAGRAPH, ...HEADINGS]);

type RichNode = { nodeType: string; value?: string; content?: RichNode[] };

/** Whitespace collapsed, empty ones dropped. Embeds carry no text of their own. */
export function getParagraphs(document: Document): string[] {
  const paragraphs: string[] = [];
  const visit = (node: RichNode) => {
    if (TEXT_BLOCKS.has(node.nodeType)) {
      const text = getInlineText(node).replace(/\s+/g, ' ').trim();
      if (text) paragraphs.push(text);
      return;
    }
    node.content?.forEach(visit);
  };
  visit(document as unknown as RichNode);
  return paragraphs;
}

/** Long paragraphs split at sentence ends, then spaces. Never empty, so chunk 0 exists. */
export function getBodyChunks(document: Document | undefined): string[] {
  const paragraphs = (document ? getParagraphs(document) : []).flatMap((paragraph) => splitLong(paragraph, BODY_CHUNK_CHARS));
  return pack(paragraphs, '\n', BODY_CHUNK_CHARS);
}

function getInlineText(node: RichNode): string {
  if (node.nodeType === 'text') return node.value ?? '';
  return (node.content ?? []).map(getInlineText).join('');
}

function splitLong(paragraph: string, maxChars: number): string[] {
  if (paragraph.length <= maxChars) return [paragraph];
  // A single word longer than a chunk (a URL, say) is cut hard.
  const cut = (word: string) => Array.from({ length: Math.ceil(word.length / maxChars) }, (_, i) => word.slice(i * maxChars, (i + 1) * maxChars));
  const units = paragraph.split(/(?<=[.!?…])\s+/).flatMap((sentence) => (sentence.length <= maxChars ? [sentence] : sentence.split(' ').flatMap(cut)));
  return pack(units, ' ', maxChars);
}

/** Each part grows by whole units up to `maxChars`. */
function pack(units: readonly string[], separator: string, maxChars: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current && current.length + 1 + unit.length > maxChars) {
      parts.push(current);
      current = unit;
    } else current = current ? current + separator + unit : unit;
  }
  return [...parts, current];
}
