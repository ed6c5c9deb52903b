import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EN, startSearchServer } from '../../../tests/fixtures/search/search-server.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchServer } from '../../../tests/fixtures/search/search-server.ts';

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer();
});
afterAll(() => server.close());

async function search(params: Record<string, unknown>) {
  const { results } = await server.client.searchForHits<SearchRecord>({ requests: [{ indexName: EN, ...params }] });
  return results[0]!;
}
async function entryIds(params: Record<string, unknown>) {
  return (await search({ hitsPerPage: 50, ...params })).hits.map((hit) => hit.entryId);
}

describe('facets', () => {
  it('counts every facet for facets: ["*"], one per entry, most frequent first', async () => {
    const result = await search({ query: '', facets: ['*'] });

    expect(result.facets).toEqual({
      type: { model: 3, article: 2, page: 1 },
      tags: { Design: 3, Furniture: 2, Lighting: 2, Materials: 2 },
      locale: { 'en-US': 6 },
    });
  });

  it('counts only the named facets over the matching records, capped by maxValuesPerFacet', async () => {
    const result = await search({ query: 'walnut', facets: ['tags', 'unknown'], maxValuesPerFacet: 2 });

    expect(result.facets).toEqual({ tags: { Design: 2, Furniture: 1 } });
    expect(result.facets?.tags && Object.keys(result.facets.tags)).toEqual(['Design', 'Furniture']);
  });

  it('leaves facets out when none were asked for', async () => {
    expect(await search({ query: '' })).not.toHaveProperty('facets');
  });

  it('searches facet values for a searchable refinement list', async () => {
    const { results } = await server.client.searchForFacets({
      requests: [{ indexName: EN, type: 'facet', facet: 'tags', facetQuery: 'mat', query: '', highlightPreTag: '<b>', highlightPostTag: '</b>' }],
    });

    expect(results[0]).toMatchObject({ facetHits: [{ value: 'Materials', highlighted: '<b>Mat</b>erials', count: 2 }], exhaustiveFacetsCount: true });
  });

  it('refuses to search values of an attribute that is not a facet', async () => {
    await expect(server.client.searchForFacets({ requests: [{ indexName: EN, type: 'facet', facet: 'title', facetQuery: 'a' }] })).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('facetFilters', () => {
  it('ANDs the outer array and ORs nested arrays', async () => {
    expect(await entryIds({ facetFilters: [['type:model', 'type:page'], 'tags:Design'] })).toEqual(['m-lounge', 'm-lamp']);
  });

  it('negates with attr:-value and ignores case', async () => {
    expect(await entryIds({ facetFilters: ['tags:-design', 'type:MODEL'] })).toEqual(['m-table']);
  });

  it('accepts a single string and the URL-encoded params form', async () => {
    const { results } = await server.client.searchForHits<SearchRecord>({
      requests: [{ indexName: EN, params: `facetFilters=${encodeURIComponent('[["tags:Lighting"]]')}&hitsPerPage=5` } as never],
    });

    expect(await entryIds({ facetFilters: 'type:page' })).toEqual(['p-about']);
    expect(results[0]?.hits.map((hit) => hit.entryId)).toEqual(['m-lamp', 'a-light']);
  });

  it('refuses an attribute that cannot be filtered', async () => {
    await expect(search({ facetFilters: ['title:Chair'] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('unknown attribute "title"'),
    });
  });
});

describe('filters', () => {
  it('combines facet tests with AND, OR, NOT and parentheses', async () => {
    expect(await entryIds({ filters: 'type:article AND tags:design' })).toEqual(['a-walnut']);
    expect(await entryIds({ filters: 'type:page OR type:article' })).toEqual(['a-walnut', 'a-light', 'p-about']);
    expect(await entryIds({ filters: 'NOT type:model AND (tags:Lighting OR tags:Materials)' })).toEqual(['a-walnut', 'a-light']);
  });

  it('reads quoted values and filters on entryId', async () => {
    expect(await entryIds({ filters: 'tags:"Design" AND entryId:\'m-lamp\'' })).toEqual(['m-lamp']);
  });

  it('applies filters and facetFilters together', async () => {
    expect(await entryIds({ filters: 'type:model', facetFilters: ['tags:Materials'] })).toEqual(['m-table']);
  });

  it.each([
    ['updatedAt > 5', 'numeric comparisons'],
    ['chunk:1 TO 3', 'ranges'],
    ['type:model OR type:page AND tags:Design', 'parentheses'],
    ['NOT (type:model OR type:page)', 'unexpected OPEN'],
    ['title:Chair', 'unknown attribute'],
    ['type:"model', 'unterminated quote'],
    ['type:model AND', 'end too early'],
  ])('refuses %j with a 400 that says why', async (filters, reason) => {
    await expect(search({ filters })).rejects.toMatchObject({ status: 400, message: expect.stringContaining(reason) });
  });

  it('refuses numericFilters and tagFilters instead of ignoring them', async () => {
    await expect(search({ numericFilters: ['chunk>0'] })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('numericFilters') });
    await expect(search({ tagFilters: [['a']] })).rejects.toMatchObject({ status: 400 });
    expect((await search({ tagFilters: '' })).nbHits).toBe(6);
  });
});
