import { toSearchRecords } from '#server/services/search/records.ts';
import { LOCALES } from '#shared/content/types.ts';

import type { SearchableEntry } from '#server/services/search/records.ts';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { Locale, SearchRecord } from '#shared/content/types.ts';

/** Runs `fn` over `items` with at most `limit` calls in flight (the CDA rate-limits). */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  });
  await Promise.all(workers);
  return out;
}

/** Every published article, model and page of one locale, in full (bodies included). */
export async function loadSearchableEntries(content: ContentApi, locale: Locale): Promise<SearchableEntry[]> {
  const options = { locale, preview: false };
  const [articles, models, pages] = await Promise.all([
    content.listArticles({ limit: 1000 }, options),
    content.listModels({}, options),
    content.listPages(options),
  ]);
  const loads: Array<() => Promise<SearchableEntry | null>> = [
    ...articles.items.map((a) => () => content.getArticle(a.slug, options)),
    ...models.map((m) => () => content.getModel(m.slug, options)),
    ...pages.map((p) => () => content.getPage(p.slug, options)),
  ];
  const loaded = await mapLimit(loads, 6, (load) => load());
  return loaded.filter((entry): entry is SearchableEntry => entry !== null);
}

/** All search records in every locale, from the ContentService (the one record mapper feeds both engines). */
export async function collectAllRecords(content: ContentApi): Promise<SearchRecord[]> {
  const perLocale = await Promise.all(LOCALES.map((locale) => loadSearchableEntries(content, locale)));
  return perLocale.flat().flatMap((entry) => toSearchRecords(entry));
}

/** Records of specific entries (after a webhook), in every locale; entries that no longer exist yield none. */
export async function collectRecordsFor(content: ContentApi, entryIds: readonly string[]): Promise<SearchRecord[]> {
  const wanted = new Set(entryIds);
  const records = await collectAllRecords(content);
  return records.filter((r) => wanted.has(r.entryId));
}
