import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { LRUCache } from 'lru-cache';

import { LOCALES } from '#shared/content/types.ts';
import { HttpError } from '#shared/http/http-error.ts';

import { getIndexLocale, toIndexName } from '../index-names.ts';
import { createLocaleIndex } from './locale-index.ts';
import { runQuery } from './run-query.ts';

import type { Locale, SearchRecord } from '#shared/content/types.ts';
import type { LocaleIndex } from './locale-index.ts';
import type { ParsedQuery } from './query-params.ts';
import type { ComputedFacetResult, ComputedSearchResult } from './run-query.ts';

export interface EmbeddedSearchEngineOptions {
  /** `ALGOLIA_INDEX`; index names are `${indexPrefix}_${locale}`, e.g. `vitrine_en-US`. */
  indexPrefix: string;
  records?: readonly SearchRecord[];
  /** What an empty query answers: every record, newest first (`'all'`, default), or nothing (`'none'`). */
  emptyQuery?: 'all' | 'none';
  /**
   * Hits kept in the result cache (default 5000; 0 turns it off). Visitors
   * typing send the same short prefixes over and over; a repeated query
   * costs a lookup. Any record change empties the cache.
   */
  cacheMaxHits?: number;
}

/** One result of `POST /1/indexes/*\/queries`, shaped as algoliasearch v5 and InstantSearch read it. */
export type SearchResult = ComputedSearchResult & { params: string; processingTimeMS: number; queryID?: string };

/** The answer to a `type: 'facet'` query (search for facet values). */
export type FacetSearchResult = ComputedFacetResult & { processingTimeMS: number };

export interface EmbeddedSearchEngine {
  /** Names of the indexes served, one per locale. */
  readonly indexNames: readonly string[];
  hasIndex(indexName: string): boolean;
  /** Runs one validated query. Throws `HttpError` 404 for an unknown index, 400 for filters it cannot run. */
  search(query: ParsedQuery): SearchResult | FacetSearchResult;
  /** Adds or replaces entries: every existing record of each `entryId` in `records` (any locale) is dropped first. */
  updateRecords(records: readonly SearchRecord[]): void;
  /** Removes every record of these entries in every locale; returns how many records went. */
  removeRecords(entryIds: readonly string[]): number;
  /** Record count per index name. */
  getStats(): Record<string, number>;
}

type Computed = ComputedSearchResult | ComputedFacetResult;

/** An in-process engine answering Algolia search queries over our search records, one MiniSearch index per locale. */
export function createEmbeddedSearchEngine(options: EmbeddedSearchEngineOptions): EmbeddedSearchEngine {
  const { indexPrefix, emptyQuery = 'all', cacheMaxHits = 5000 } = options;
  const indexes = new Map<Locale, LocaleIndex>(LOCALES.map((locale) => [locale, createLocaleIndex()]));
  const indexNames = LOCALES.map((locale) => toIndexName(indexPrefix, locale));
  const cache =
    cacheMaxHits > 0
      ? new LRUCache<string, Computed>({
          maxSize: cacheMaxHits,
          sizeCalculation: (result) => 1 + ('hits' in result ? result.hits.length : result.facetHits.length),
        })
      : undefined;

  const getIndex = (indexName: string): LocaleIndex => {
    const locale = getIndexLocale(indexPrefix, indexName);
    if (!locale) throw new HttpError(404, 'Index does not exist');
    return indexes.get(locale)!;
  };

  const engine: EmbeddedSearchEngine = {
    indexNames,
    hasIndex: (indexName) => getIndexLocale(indexPrefix, indexName) !== undefined,
    search(query) {
      const startedAt = performance.now();
      const index = getIndex(query.indexName);
      // Parsed params carry every setting in schema order, so equal searches give equal keys.
      const key = `${query.indexName}\n${query.type}\n${query.facet ?? ''}\n${JSON.stringify(query.params)}`;
      let computed = cache?.get(key);
      if (!computed) {
        computed = runQuery(index, query, emptyQuery);
        cache?.set(key, computed);
      }
      const processingTimeMS = Math.round(performance.now() - startedAt);
      if ('facetHits' in computed) return { ...computed, processingTimeMS };
      return {
        ...computed,
        params: query.paramsString,
        processingTimeMS,
        // 32 hex characters like Algolia's; a UUID without dashes comes from Node's cached entropy pool.
        ...(query.params.clickAnalytics ? { queryID: randomUUID().replaceAll('-', '') } : {}),
      };
    },
    updateRecords(records) {
      const latest = [...new Map(records.map((record) => [record.objectID, record])).values()];
      const unknown = latest.find((record) => !indexes.has(record.locale));
      if (unknown) throw new Error(`Search record ${unknown.objectID} has unknown locale ${String(unknown.locale)}`);
      const entryIds = new Set(latest.map((record) => record.entryId));
      for (const [locale, index] of indexes) {
        index.removeEntries(entryIds);
        index.add(latest.filter((record) => record.locale === locale));
      }
      cache?.clear();
    },
    removeRecords(entryIds) {
      let removed = 0;
      for (const index of indexes.values()) removed += index.removeEntries(entryIds);
      cache?.clear();
      return removed;
    },
    getStats: () => Object.fromEntries(LOCALES.map((locale) => [toIndexName(indexPrefix, locale), indexes.get(locale)!.size])),
  };
  if (options.records) engine.updateRecords(options.records);
  return engine;
}
