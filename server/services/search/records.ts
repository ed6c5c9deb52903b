import { paths } from '#shared/urls.ts';

import { getBodyChunks } from './body-chunks.ts';

import type { Article, Asset, Model3D, Page, SearchRecord } from '#shared/content/types.ts';

/** Content that becomes search records. */
export type SearchableEntry = Article | Model3D | Page;

type RecordBase = Omit<SearchRecord, 'objectID' | 'body' | 'chunk'>;

/**
 * The one record mapper (DESIGN.md "Search"): the same records go to Algolia
 * (`npm run index`, webhooks) and to the embedded engine. One record per
 * body chunk of about 1000 characters; every chunk repeats title, summary and
 * tags, and `distinct` on `entryId` keeps the best chunk of an entry.
 * `objectID` is `${entryId}:${locale}` for chunk 0, `${entryId}:${locale}:${n}` after it.
 */
export function toSearchRecords(entry: SearchableEntry): SearchRecord[] {
  const base = toRecordBase(entry);
  const chunks = getBodyChunks(entry.type === 'model' ? entry.description.document : entry.body.document);
  return chunks.map((body, chunk) => {
    const objectID = chunk === 0 ? `${entry.id}:${entry.locale}` : `${entry.id}:${entry.locale}:${chunk}`;
    const { entryId, type, locale, title, slug, url, summary, tags, image, updatedAt } = base;
    return { objectID, entryId, type, locale, title, slug, url, summary, body, chunk, tags, ...(image ? { image } : {}), updatedAt };
  });
}

/** Records of many entries, in input order. */
export function toSearchRecordList(entries: readonly SearchableEntry[]): SearchRecord[] {
  return entries.flatMap(toSearchRecords);
}

function toRecordBase(entry: SearchableEntry): RecordBase {
  const common = { entryId: entry.id, locale: entry.locale, slug: entry.slug, tags: entry.tags.map((tag) => tag.name), updatedAt: entry.updatedAt };
  switch (entry.type) {
    case 'article':
      return {
        ...common,
        type: 'article',
        title: entry.title,
        url: paths.article(entry.locale, entry.slug),
        summary: entry.excerpt,
        image: toImage(entry.heroImage),
      };
    case 'model':
      return {
        ...common,
        type: 'model',
        title: entry.name,
        url: paths.model(entry.locale, entry.slug),
        summary: entry.summary,
        image: toImage(entry.poster ?? entry.viewer.poster),
      };
    case 'page':
      return {
        ...common,
        type: 'page',
        title: entry.title,
        url: paths.page(entry.locale, entry.slug),
        summary: entry.seoDescription ?? '',
        image: toImage(entry.ogImage),
      };
  }
}

function toImage(asset: Asset | undefined): string | undefined {
  return asset && asset.contentType.startsWith('image/') ? asset.url : undefined;
}
