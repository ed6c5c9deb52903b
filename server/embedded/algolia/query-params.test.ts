import { describe, expect, it } from 'vitest';

import { parseQuery } from './query-params.ts';

describe('parseQuery', () => {
  it('reads a URL-encoded params string with JSON and comma lists, and echoes it', () => {
    const params = 'query=lamp&hitsPerPage=5&facets=%5B%22tags%22%5D&attributesToRetrieve=title,url&clickAnalytics=true&distinct=0';

    const parsed = parseQuery({ indexName: 'i', params }, 512);

    expect(parsed.paramsString).toBe(params);
    expect(parsed.params).toMatchObject({
      query: 'lamp',
      hitsPerPage: 5,
      facets: ['tags'],
      attributesToRetrieve: ['title', 'url'],
      clickAnalytics: true,
      distinct: 0,
    });
  });

  it('reads a params object and flattened params, the latter winning', () => {
    const parsed = parseQuery({ indexName: 'i', params: { query: 'a', page: 2 }, query: 'b', facetFilters: [['type:model']] }, 512);

    expect(parsed.params).toMatchObject({ query: 'b', page: 2, facetFilters: [['type:model']] });
    expect(new URLSearchParams(parsed.paramsString).get('facetFilters')).toBe('[["type:model"]]');
  });

  it('fills in Algolia defaults and ignores parameters it does not know', () => {
    const { params } = parseQuery({ indexName: 'i', aroundLatLng: '1,2', enableRules: false }, 512);

    expect(params).toEqual({
      query: '',
      page: 0,
      hitsPerPage: 20,
      facets: [],
      maxValuesPerFacet: 100,
      attributesToRetrieve: ['*'],
      attributesToSnippet: [],
      highlightPreTag: '<em>',
      highlightPostTag: '</em>',
      snippetEllipsisText: '…',
      clickAnalytics: false,
      distinct: true,
      facetingAfterDistinct: true,
      typoTolerance: true,
      facetQuery: '',
      maxFacetHits: 10,
    });
  });

  it('reads lone surrogates in keys and values as U+FFFD, as Algolia does', () => {
    const parsed = parseQuery({ indexName: 'i', query: 'a\ud800b', '\udc00': ['\udfff'] }, 512);

    expect(parsed.params.query).toBe('a\ufffdb');
    expect(parsed.paramsString).toContain('query=a%EF%BF%BDb');
  });

  it('takes the index name from the path for single-index queries', () => {
    expect(parseQuery({ query: 'x' }, 512, 'vitrine_en-US').indexName).toBe('vitrine_en-US');
  });

  it.each([
    [{ params: 'query=a' }, 'indexName is required'],
    [{ indexName: 'i', params: 42 }, 'params must be a URL-encoded string or an object'],
    [{ indexName: 'i', page: -1 }, 'Invalid value for page'],
    [{ indexName: 'i', hitsPerPage: 'many' }, 'Invalid value for hitsPerPage'],
    [{ indexName: 'i', facets: '[oops' }, 'Invalid value for facets: not a JSON array'],
    [{ indexName: 'i', type: 'facet' }, 'facet is required'],
    [{ indexName: 'i', type: 'browse' }, 'Unsupported request type'],
    [{ indexName: 'i', facetQuery: 'x'.repeat(513) }, 'facetQuery is too long'],
  ])('refuses %j', (raw, message) => {
    expect(() => parseQuery(raw, 512)).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining(message) }));
  });
});
