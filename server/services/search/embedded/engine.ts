import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { LOCALES } from '#shared/content/types.ts';
import { HttpError } from '#shared/http/http-error.ts';

import { getIndexLocale, toIndexName } from '../index-names.ts';
import { countFacets, resolveFacets, searchFacetValues } from './facets.ts';
import { toFacetFilterPredicate, toFiltersPredicate } from './filters.ts';
import { shouldEscapeHighlights } from './highlight.ts';
import { toHits } from './hits.ts';
import { compareNewestFirst, createLocaleIndex } from './locale-index.ts';
import { toQueryWords } from './text.ts';

import type { Locale, SearchRecord } from '#shared/content/types.ts';
import type { FacetCounts, FacetHit } from './facets.ts';
import type { Hit } from './hits.ts';
import type { LocaleIndex, ScoredRecord } from './locale-index.ts';
import type { ParsedQuery, SearchParams } from './query-params.ts';

export interface EmbeddedSearchEngineOptions {
  /** `ALGOLIA_INDEX`; index names are `${indexPrefix}_${locale}`, e.g. `vitrine_en-US`. */
  indexPrefix: string;
  records?: readonly SearchRecord[];
  /** What an empty query answers: every record, newest first (`'all'`, default), or nothing (`'none'`). */
  emptyQuery?: 'all' | 'none';
}

/** One result of `POST /1/indexes/*\/queries`, shaped as algoliasearch v5 and InstantSearch read it. */
export interface SearchResult {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets?: FacetCounts;
  exhaustiveFacetsCount: true;
  exhaustiveNbHits: true;
  exhaustiveTypo: true;
  exhaustive: { facetsCount: true; nbHits: true; typo: true };
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  renderingContent: Record<string, never>;
  queryID?: string;
}

/** The answer to a `type: 'facet'` query (search for facet values). */
export interface FacetSearchResult {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: true;
  processingTimeMS: number;
}

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

/** Algolia serves at most the first 1000 hits of a query (`paginationLimitedTo`). */
const PAGINATION_LIMIT = 1000;

/** An in-process engine answering Algolia search queries over our search records, one MiniSearch index per locale. */
export function createEmbeddedSearchEngine(options: EmbeddedSearchEngineOptions): EmbeddedSearchEngine {
  const { indexPrefix, emptyQuery = 'all' } = options;
  const indexes = new Map<Locale, LocaleIndex>(LOCALES.map((locale) => [locale, createLocaleIndex()]));
  const indexNames = LOCALES.map((locale) => toIndexName(indexPrefix, locale));

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
      const { params } = query;
      const matched = match(index, params, emptyQuery);
      const grouped = params.distinct ? keepBestPerEntry(matched) : matched;
      const elapsed = () => Math.round(performance.now() - startedAt);
      if (query.type === 'facet') {
        const highlight = { preTag: params.highlightPreTag, postTag: params.highlightPostTag, escape: shouldEscapeHighlights(params.highlightPreTag, params.highlightPostTag) };
        const facetHits = searchFacetValues(params.facetingAfterDistinct ? grouped : matched, query.facet!, params.facetQuery, params.maxFacetHits, highlight);
        return { facetHits, exhaustiveFacetsCount: true, processingTimeMS: elapsed() };
      }
      return toResult(query, grouped, matched, elapsed);
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
    },
    removeRecords(entryIds) {
      let removed = 0;
      for (const index of indexes.values()) removed += index.removeEntries(entryIds);
      return removed;
    },
    getStats: () => Object.fromEntries(LOCALES.map((locale) => [toIndexName(indexPrefix, locale), indexes.get(locale)!.size])),
  };
  if (options.records) engine.updateRecords(options.records);
  return engine;
}

/** Records that match the query and the filters, best first. */
function match(index: LocaleIndex, params: SearchParams, emptyQuery: 'all' | 'none'): SearchRecord[] {
  const facetFilter = toFacetFilterPredicate(params.facetFilters);
  const filter = toFiltersPredicate(params.filters);
  const keep = (record: SearchRecord) => facetFilter(record) && filter(record);
  const typoTolerance = params.typoTolerance !== false;
  if (toQueryWords(params.query).length === 0) {
    return emptyQuery === 'all' ? index.all().filter(keep) : [];
  }
  return index
    .search(params.query, { typoTolerance })
    .filter(({ record }) => keep(record))
    .sort(compareScored)
    .map(({ record }) => record);
}

function compareScored(a: ScoredRecord, b: ScoredRecord): number {
  return b.score - a.score || compareNewestFirst(a.record, b.record);
}

/** `distinct` on `entryId`: the first (best) chunk of each entry stands for it. */
function keepBestPerEntry(records: readonly SearchRecord[]): SearchRecord[] {
  const seen = new Set<string>();
  return records.filter((record) => !seen.has(record.entryId) && seen.add(record.entryId));
}

function toResult(query: ParsedQuery, grouped: SearchRecord[], matched: SearchRecord[], elapsed: () => number): SearchResult {
  const { params } = query;
  const { page, hitsPerPage } = params;
  const reachable = Math.min(grouped.length, PAGINATION_LIMIT);
  const start = page * hitsPerPage;
  const pageRecords = start < reachable ? grouped.slice(start, Math.min(start + hitsPerPage, reachable)) : [];
  const facets = resolveFacets(params.facets);
  const hits = toHits(pageRecords, params, toQueryWords(params.query, params.typoTolerance !== false));
  return {
    hits,
    nbHits: grouped.length,
    page,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(reachable / hitsPerPage),
    hitsPerPage,
    ...(params.facets.length > 0 ? { facets: countFacets(params.facetingAfterDistinct ? grouped : matched, facets, params.maxValuesPerFacet) } : {}),
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    exhaustive: { facetsCount: true, nbHits: true, typo: true },
    query: params.query,
    params: query.paramsString,
    index: query.indexName,
    processingTimeMS: elapsed(),
    renderingContent: {},
    ...(params.clickAnalytics ? { queryID: randomBytes(16).toString('hex') } : {}),
  };
}
