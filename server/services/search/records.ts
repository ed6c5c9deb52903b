import pLimit from 'p-limit';

import { LOCALES } from '#shared/content/types.ts';
import { paths } from '#shared/urls.ts';

import { getBodyChunks } from './body-chunks.ts';

import type { Article, Asset, Locale, Model3D, Page, SearchRecord } from '#shared/content/types.ts';
import type { ContentApi } from '#shared/data/content-api.ts';

/** Content that becomes search records. */
export type SearchableEntry = Article | Model3D | Page;

/**
 * The one record mapper: the same records go to Algolia and to the embedded engine. One record per body chunk (~1000 characters), each repeating title,
 * summary and tags; `distinct` on `entryId` keeps an entry's best chunk. `objectID` is `${entryId}:${locale}` for chunk 0, `${entryId}:${locale}:${n}` after
 * it.
 */
export function toSearchRecords(entry: SearchableEntry): SearchRecord[] {
  const { entryId, type, locale, title, slug, url, summary, tags, image, updatedAt } = toRecordBase(entry);
  const chunks = getBodyChunks(entry.type === 'model' ? entry.description.document : entry.body.document);
  return chunks.map((body, chunk) => {
    const objectID = chunk === 0 ? `${entry.id}:${entry.locale}` : `${entry.id}:${entry.locale}:${chunk}`;
    return { objectID, entryId, type, locale, title, slug, url, summary, body, chunk, tags, ...(image ? { image } : {}), updatedAt };
  });
}

export function toSearchRecordList(entries: readonly SearchableEntry[]): SearchRecord[] {
  return entries.flatMap(toSearchRecords);
}

function toRecordBase(entry: SearchableEntry): Omit<SearchRecord, 'objectID' | 'body' | 'chunk'> {
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

/** Every published article, model and page of one locale, in full (bodies included), 6 loads at a time (the CDA rate-limits). */
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

/** All search records in every locale, or only those of `entryIds` (after a webhook; entries that are gone yield none). */
export async function collectRecords(content: ContentApi, entryIds?: readonly string[]): Promise<SearchRecord[]> {
  const perLocale = await Promise.all(LOCALES.map((locale) => loadSearchableEntries(content, locale)));
  const records = perLocale.flat().flatMap(toSearchRecords);
  if (!entryIds) return records;
  const wanted = new Set(entryIds);
  return records.filter((record) => wanted.has(record.entryId));
}
