import { countFacets, resolveFacets, searchFacetValues } from './facets.ts';
import { toFacetFilterPredicate, toFiltersPredicate } from './filters.ts';
import { shouldEscapeHighlights } from './highlight.ts';
import { toHits } from './hits.ts';
import { compareNewestFirst } from './locale-index.ts';
import { toQueryWords } from './text.ts';

import type { SearchRecord } from '#shared/content/types.ts';
import type { FacetCounts, FacetHit } from './facets.ts';
import type { Hit } from './hits.ts';
import type { LocaleIndex, ScoredRecord } from './locale-index.ts';
import type { ParsedQuery, SearchParams } from './query-params.ts';

/** Algolia serves at most the first 1000 hits of a query (`paginationLimitedTo`). */
const PAGINATION_LIMIT = 1000;

/** A search result without the per-request fields (`params`, `processingTimeMS`, `queryID`), so it can be cached. */
export interface ComputedSearchResult {
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
  index: string;
  renderingContent: Record<string, never>;
}

export interface ComputedFacetResult {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: true;
}

/** Runs one query against a locale index: match, filter, rank, distinct, facets, one page of highlighted hits. */
export function runQuery(index: LocaleIndex, query: ParsedQuery, emptyQuery: 'all' | 'none'): ComputedSearchResult | ComputedFacetResult {
  const { params } = query;
  const matched = match(index, params, emptyQuery);
  const grouped = params.distinct ? keepBestPerEntry(matched) : matched;
  const faceted = params.facetingAfterDistinct ? grouped : matched;
  if (query.type === 'facet') {
    const highlight = {
      preTag: params.highlightPreTag,
      postTag: params.highlightPostTag,
      escape: shouldEscapeHighlights(params.highlightPreTag, params.highlightPostTag),
    };
    return { facetHits: searchFacetValues(faceted, query.facet!, params.facetQuery, params.maxFacetHits, highlight), exhaustiveFacetsCount: true };
  }
  const { page, hitsPerPage } = params;
  const reachable = Math.min(grouped.length, PAGINATION_LIMIT);
  const start = page * hitsPerPage;
  const pageRecords = start < reachable ? grouped.slice(start, Math.min(start + hitsPerPage, reachable)) : [];
  return {
    hits: toHits(pageRecords, params, toQueryWords(params.query, params.typoTolerance !== false)),
    nbHits: grouped.length,
    page,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(reachable / hitsPerPage),
    hitsPerPage,
    ...(params.facets.length > 0 ? { facets: countFacets(faceted, resolveFacets(params.facets), params.maxValuesPerFacet) } : {}),
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    exhaustive: { facetsCount: true, nbHits: true, typo: true },
    query: params.query,
    index: query.indexName,
    renderingContent: {},
  };
}

/** Records that match the query and the filters, best first. */
function match(index: LocaleIndex, params: SearchParams, emptyQuery: 'all' | 'none'): SearchRecord[] {
  const facetFilter = toFacetFilterPredicate(params.facetFilters);
  const filter = toFiltersPredicate(params.filters);
  const keep = (record: SearchRecord) => facetFilter(record) && filter(record);
  const words = toQueryWords(params.query, params.typoTolerance !== false);
  if (words.length === 0) {
    return emptyQuery === 'all' ? index.all().filter(keep) : [];
  }
  return index
    .search(words)
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
