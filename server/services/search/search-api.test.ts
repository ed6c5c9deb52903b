import { describe, expect, it } from 'vitest';

import { createEmbeddedSearchEngine } from '#server/embedded/algolia/engine.ts';
import { createInProcessSearchClient } from '#server/embedded/algolia/index.ts';
import { trackDependencies } from '#server/services/content/dependencies.ts';

import { FIXTURE_ENTRIES } from '../../../tests/fixtures/search/entries.ts';
import { toSearchRecords } from './records.ts';
import { createSearchApi } from './search-api.ts';

import type { Locale } from '#shared/content/types.ts';
import type { SearchPageParams } from '#shared/search.ts';

const EN = 'vitrine_en-US';
const engine = createEmbeddedSearchEngine({ indexPrefix: 'vitrine', records: FIXTURE_ENTRIES.flatMap(toSearchRecords) });
const api = createSearchApi({ searchClient: createInProcessSearchClient(engine), indexPrefix: 'vitrine' });
const params = (overrides: Partial<SearchPageParams & { locale: Locale }> = {}): SearchPageParams & { locale: Locale } => ({
  query: '',
  page: 1,
  types: [],
  tags: [],
  locale: 'en-US',
  ...overrides,
});

describe('createSearchApi', () => {
  it('returns InstantSearch initial results for the locale index, with the parameters the browser sends', async () => {
    const initial = await api.getSearchPageResults(params({ query: 'chair' }));

    const entry = initial[EN]!;
    expect(Object.keys(initial)).toEqual([EN]);
    expect(entry.results).toHaveLength(1);
    expect(entry.results![0]!.hits.map((hit) => hit.objectID)).toEqual(['m-lounge:en-US', 'a-walnut:en-US']);
    expect(entry.state).toMatchObject({
      index: EN,
      query: 'chair',
      hitsPerPage: 5,
      clickAnalytics: true,
      disjunctiveFacets: ['type', 'tags'],
      highlightPreTag: '__ais-highlight__',
    });
    expect(entry.requestParams![0]).toMatchObject({ query: 'chair', hitsPerPage: 5, clickAnalytics: true, attributesToSnippet: ['body:20'] });
    expect(entry.requestParams![0]!.facets).toEqual(expect.arrayContaining(['type', 'tags']));
  });

  it('adds one disjunctive query per refined facet', async () => {
    const initial = await api.getSearchPageResults(params({ types: ['model'], tags: ['Design'], page: 1 }));

    const entry = initial[EN]!;
    expect(entry.results).toHaveLength(3);
    expect(entry.results![0]!.hits.map((hit) => hit.objectID)).toEqual(['m-lounge:en-US', 'm-lamp:en-US']);
    expect(
      entry
        .results!.slice(1)
        .flatMap((result) => Object.keys(result.facets ?? {}))
        .sort(),
    ).toEqual(['tags', 'type']);
    expect(entry.state).toMatchObject({ disjunctiveFacetsRefinements: { type: ['model'], tags: ['Design'] } });
  });

  it('searches the German index for de-DE and asks for page 2 as page 1', async () => {
    const initial = await api.getSearchPageResults(params({ locale: 'de-DE', page: 2 }));

    expect(Object.keys(initial)).toEqual(['vitrine_de-DE']);
    expect(initial['vitrine_de-DE']!.results![0]).toMatchObject({ page: 1, hitsPerPage: 5, index: 'vitrine_de-DE' });
  });

  it('records the searched content types, every tag (records carry tag names) and the hits as page dependencies', async () => {
    const { deps } = await trackDependencies(() => api.getSearchPageResults(params({ query: 'lamp' })));

    expect([...deps]).toEqual(expect.arrayContaining(['type:article', 'type:model', 'type:page', 'tags', 'm-lamp']));
    expect([...deps]).not.toContain('taxonomy');
  });

  it('rejects with the engine error for an over-long query', async () => {
    await expect(api.getSearchPageResults(params({ query: 'x'.repeat(513) }))).rejects.toThrow(/too long/);
  });
});
