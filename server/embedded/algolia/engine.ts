import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { LRUCache } from 'lru-cache';

import { LOCALES } from '#shared/content/types.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { toIndexName } from '#shared/search.ts';

import { countFacets, searchFacetValues, toFacetFilterPredicate, toFiltersPredicate } from './facets.ts';
import { shouldEscapeHighlights, toHits } from './highlight.ts';
import { createLocaleIndex } from './locale-index.ts';
import { toQueryWords } from './words.ts';

import type { Locale } from '#shared/content/types.ts';
import type { SearchRecord } from '#shared/search-schema.ts';
import type { Hits, LocaleIndex } from './locale-index.ts';
import type { QueryWord } from './words.ts';
import type { ParsedQuery, SearchParams } from './query-params.ts';

export interface EmbeddedSearchEngineOptions {
  /** `ALGOLIA_INDEX`; index names are `${indexPrefix}_${locale}`, e.g. `vitrine_en-US`. */
  indexPrefix: string;
  records?: readonly SearchRecord[];
  /** Hits kept in the result cache (default 5000; 0 turns it off): typing repeats the same prefixes. Any record change empties it. */
  cacheMaxHits?: number;
  /** The locales whose index exists (ADR 039; default: all). Another locale's index answers like an index Algolia does not have. */
  locales?: () => readonly Locale[];
}

/** Algolia serves at most the first 1000 hits of a query (`paginationLimitedTo`). */
const PAGINATION_LIMIT = 1000;

/** A result without the per-request fields (`params`, `processingTimeMS`, `queryID`), so it can be cached. */
type ComputedResult = ReturnType<typeof runQuery>;
/** One result of `POST /1/indexes/*\/queries`, shaped as algoliasearch v5 and InstantSearch read it. */
export type SearchResult = Exclude<ComputedResult, { facetHits: unknown }> & { params: string; processingTimeMS: number; queryID?: string };
export type EmbeddedSearchEngine = ReturnType<typeof createEmbeddedSearchEngine>;

/** An in-process engine answering Algolia search queries over our search records, one inverted index per locale. */
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

  const engine = {
    hasIndex: (indexName: string) => getLocale(indexName) !== undefined,
    /** Runs one validated query. Throws `HttpError` 404 for an unknown index, 400 for filters it cannot run. */
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
      // A UUID without dashes: 32 hex characters like Algolia's query IDs.
      return {
        ...computed,
        params: query.paramsString,
        processingTimeMS,
        ...(query.params.clickAnalytics ? { queryID: randomUUID().replaceAll('-', '') } : {}),
      };
    },
    /** Adds or replaces entries: every existing record of each `entryId` in `records` (any locale) is dropped first. */
    updateRecords(records: readonly SearchRecord[]): void {
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
    /** Removes every record of these entries in every locale; returns how many records went. */
    removeRecords(entryIds: readonly string[]): number {
      let removed = 0;
      for (const index of indexes.values()) removed += index.removeEntries(entryIds);
      cache?.clear();
      return removed;
    },
    getStats: (): Record<string, number> => Object.fromEntries(locales().map((locale) => [toIndexName(indexPrefix, locale), indexes.get(locale)!.size])),
  };
  if (options.records) engine.updateRecords(options.records);
  return engine;
}

/** Match, filter, rank, distinct, facets, one page of highlighted hits. */
function runQuery(index: LocaleIndex, query: ParsedQuery) {
  const { params } = query;
  // Each word carries the terms it matched, so the highlighter marks exactly those without recomputing typos.
  const words = index.lookUp(toQueryWords(params.query, params.typoTolerance !== false));
  // Hits stay unordered ranking keys: distinct, facet counts and the page's partial sort each take one pass over them.
  const matched = match(index, params, words);
  const grouped = params.distinct ? index.distinct(matched) : matched;
  const faceted = params.facetingAfterDistinct ? grouped : matched;
  if (query.type === 'facet') {
    const { highlightPreTag: preTag, highlightPostTag: postTag } = params;
    const highlight = { preTag, postTag, escape: shouldEscapeHighlights(preTag, postTag) };
    const facetHits = searchFacetValues(index.countFacets(faceted), query.facet!, params.facetQuery, params.maxFacetHits, highlight);
    return { facetHits, exhaustiveFacetsCount: true as const };
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
    ...(params.facets.length > 0 ? { facets: countFacets(index.countFacets(faceted), params.facets, params.maxValuesPerFacet) } : {}),
    exhaustiveFacetsCount: true as const,
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    exhaustive: { facetsCount: true, nbHits: true, typo: true },
    query: params.query,
    index: query.indexName,
    renderingContent: {},
  };
}

/** Ranking keys of the records that match the query and the filters (ascending: Algolia's ranking, ties newest first); an empty query matches every record. */
function match(index: LocaleIndex, params: SearchParams, words: readonly QueryWord[]): Hits {
  const facetFilter = toFacetFilterPredicate(params.facetFilters);
  const filter = toFiltersPredicate(params.filters);
  const keep = (record: SearchRecord) => facetFilter(record) && filter(record);
  if (words.length === 0) return index.all(keep);
  return index.search(words, keep);
}
