import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { LRUCache } from 'lru-cache';

import { LOCALES } from '#shared/content/types.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { toIndexName } from '#shared/search.ts';

import { countFacets, searchFacetValues, toFacetFilterPredicate, toFiltersPredicate } from './facets.ts';
import { toHits } from './highlight.ts';
import { createLocaleIndex } from './locale-index.ts';
import { toQueryWords } from './words.ts';

import type { Locale } from '#shared/content/types.ts';
import type { SearchRecord } from '#shared/search-schema.ts';
import type { LocaleIndex } from './locale-index.ts';
import type { ParsedQuery } from './query-params.ts';

export interface EmbeddedSearchEngineOptions {
  /** `ALGOLIA_INDEX`: index names are `${indexPrefix}_${locale}`. */
  indexPrefix: string;
  records?: readonly SearchRecord[];
  /** Hits kept in the result cache (0 turns it off): typing repeats the same prefixes. Any record change empties it. */
  cacheMaxHits?: number;
  /** The locales whose index exists (ADR 039); another locale's index answers like one Algolia does not have. */
  locales?: () => readonly Locale[];
}

const PAGINATION_LIMIT = 1000; // Algolia's `paginationLimitedTo`

/** Without the per-request fields (`params`, `processingTimeMS`, `queryID`), so it can be cached. */
type ComputedResult = ReturnType<typeof runQuery>;
export type SearchResult = Exclude<ComputedResult, { facetHits: unknown }> & { params: string; processingTimeMS: number; queryID?: string };
export type EmbeddedSearchEngine = ReturnType<typeof createEmbeddedSearchEngine>;

export function createEmbeddedSearchEngine(options: EmbeddedSearchEngineOptions) {
  const { indexPrefix, cacheMaxHits = 5000, locales = () => LOCALES } = options;
  const indexes = new Map<Locale, LocaleIndex>(LOCALES.map((locale) => [locale, createLocaleIndex()]));
  const getLocale = (indexName: string) => locales().find((locale) => toIndexName(indexPrefix, locale) === indexName);
  const cache =
    cacheMaxHits > 0
      ? new LRUCache<string, ComputedResult>({
          maxSize: cacheMaxHits,
          sizeCalculation: (result) => 1 + ('hits' in result ? result.hits.length : result.facetHits.length),
        })
      : undefined;
  const compact = () => {
    for (const [locale, index] of indexes) if (index.isWasteful) indexes.set(locale, createLocaleIndex()).get(locale)!.add(index.records());
    cache?.clear();
  };

  const engine = {
    hasIndex: (indexName: string) => getLocale(indexName) !== undefined,
    /** Throws `HttpError` 404 for an unknown index, 400 for filters it cannot run. */
    search(query: ParsedQuery) {
      const startedAt = performance.now();
      const locale = getLocale(query.indexName);
      if (!locale) throw new HttpError(404, 'Index does not exist');
      // Parsed params carry every setting in schema order, so equal searches give equal keys.
      const key = `${query.indexName}\n${query.type}\n${query.facet ?? ''}\n${JSON.stringify(query.params)}`;
      let computed = cache?.get(key);
      if (!computed) {
        computed = runQuery(indexes.get(locale)!, query);
        cache?.set(key, computed);
      }
      const processingTimeMS = Math.round(performance.now() - startedAt);
      if ('facetHits' in computed) return { ...computed, processingTimeMS };
      return {
        ...computed,
        params: query.paramsString,
        processingTimeMS,
        ...(query.params.clickAnalytics ? { queryID: randomUUID().replaceAll('-', '') } : {}),
      };
    },
    /** Every existing record of each `entryId` in `records` (any locale) is dropped first. */
    updateRecords(records: readonly SearchRecord[]): void {
      const latest = [...new Map(records.map((record) => [record.objectID, record])).values()];
      const unknown = latest.find((record) => !indexes.has(record.locale));
      if (unknown) throw new Error(`Search record ${unknown.objectID} has unknown locale ${String(unknown.locale)}`);
      const entryIds = new Set(latest.map((record) => record.entryId));
      for (const [locale, index] of indexes) {
        index.removeEntries(entryIds);
        index.add(latest.filter((record) => record.locale === locale));
      }
      compact();
    },
    removeRecords(entryIds: readonly string[]): number {
      let removed = 0;
      for (const index of indexes.values()) removed += index.removeEntries(entryIds);
      compact();
      return removed;
    },
    getStats: (): Record<string, number> => Object.fromEntries(locales().map((locale) => [toIndexName(indexPrefix, locale), indexes.get(locale)!.size])),
  };
  if (options.records) engine.updateRecords(options.records);
  return engine;
}

function runQuery(index: LocaleIndex, query: ParsedQuery) {
  const { params } = query;
  // Each word carries the terms it matched, so the highlighter marks exactly those without recomputing typos.
  const words = index.lookUp(toQueryWords(params.query, params.typoTolerance !== false));
  const facetFilter = toFacetFilterPredicate(params.facetFilters);
  const filter = toFiltersPredicate(params.filters);
  const keep = (record: SearchRecord) => facetFilter(record) && filter(record);
  // Hits stay unordered ranking keys: distinct, facet counts and the page's partial sort each take one pass over them.
  const matched = words.length === 0 ? index.all(keep) : index.search(words, keep);
  const grouped = params.distinct ? index.distinct(matched) : matched;
  const faceted = params.facetingAfterDistinct ? grouped : matched;
  if (query.type === 'facet') {
    return { facetHits: searchFacetValues(index.countFacets(faceted), query.facet!, params), exhaustiveFacetsCount: true as const };
  }
  const { page, hitsPerPage } = params;
  const reachable = Math.min(grouped.keys.length, PAGINATION_LIMIT);
  const start = page * hitsPerPage;
  const pageRecords = start < reachable ? index.top(grouped, Math.min(start + hitsPerPage, reachable)).slice(start) : [];
  return {
    hits: toHits(pageRecords, params, words),
    nbHits: grouped.keys.length,
    page,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(reachable / hitsPerPage),
    hitsPerPage,
    ...(params.facets.length > 0 ? { facets: countFacets(index.countFacets(faceted), params) } : {}),
    exhaustiveFacetsCount: true as const,
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    exhaustive: { facetsCount: true, nbHits: true, typo: true },
    query: params.query,
    index: query.indexName,
    renderingContent: {},
  };
}
