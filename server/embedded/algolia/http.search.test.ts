import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DE, EN, startSearchServer } from '../../../tests/fixtures/search/search-server.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchServer } from '../../../tests/fixtures/search/search-server.ts';

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer();
});
afterAll(() => server.close());

async function searchOne(query: string, params: Record<string, unknown> = {}, indexName = EN) {
  const { results } = await server.client.searchForHits<SearchRecord>({ requests: [{ indexName, query, ...params }] });
  return results[0]!;
}
const entryIds = (hits: { entryId: string }[]) => hits.map((hit) => hit.entryId);

describe('embedded search over algoliasearch/lite', () => {
  it('answers several queries of one request in order, one result per index', async () => {
    const { results } = await server.client.searchForHits<SearchRecord>({
      requests: [{ indexName: EN, query: 'lamp' }, { indexName: DE, query: 'sessel' }, { indexName: EN, params: 'query=oak&hitsPerPage=1' } as never],
    });

    expect(results.map((result) => [result.index, result.query, entryIds(result.hits)])).toEqual([
      // "damp" in the walnut article is one typo away from "lamp", so it comes last.
      [EN, 'lamp', ['m-lamp', 'a-light', 'a-walnut']],
      [DE, 'sessel', ['m-lounge']],
      [EN, 'oak', ['m-table']],
    ]);
    expect(results[1]?.hits[0]?.url).toBe('/de/models/lounge-chair');
  });

  it('accepts the legacy array signature InstantSearch uses (params object, flattened by the client)', async () => {
    const { results } = await server.client.search([{ indexName: EN, params: { query: 'brass', hitsPerPage: 5 } }]);
    const result = results[0] as { hits: SearchRecord[]; hitsPerPage: number; params: string };

    expect(entryIds(result.hits)).toEqual(['m-lamp']);
    expect(result.hitsPerPage).toBe(5);
    expect(new URLSearchParams(result.params).get('query')).toBe('brass');
  });

  it('answers in the shape InstantSearch reads', async () => {
    const result = await searchOne('walnut', { hitsPerPage: 1, clickAnalytics: true, analytics: false, getRankingInfo: true, someFutureParam: 1 });

    expect(result).toMatchObject({
      nbHits: 2,
      page: 0,
      nbPages: 2,
      hitsPerPage: 1,
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      query: 'walnut',
      index: EN,
      renderingContent: {},
    });
    expect(result.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof result.processingTimeMS).toBe('number');
    expect(typeof result.params).toBe('string');
    expect(result).not.toHaveProperty('_automaticInsights');
    expect(result.hits[0]?.objectID).toBe('m-lounge:en-US');
  });

  it('leaves queryID out without clickAnalytics', async () => {
    expect(await searchOne('walnut')).not.toHaveProperty('queryID');
  });

  it('ranks a title match above a body match', async () => {
    const { hits } = await searchOne('chair');

    expect(entryIds(hits)).toEqual(['m-lounge', 'a-walnut']);
  });

  it('finds a word with one typo from four letters and two from eight', async () => {
    expect(entryIds((await searchOne('chaor')).hits)).toContain('m-lounge');
    expect(entryIds((await searchOne('upholsterx')).hits)).toContain('m-lounge');
    expect(entryIds((await searchOne('uphalsterx')).hits)).toContain('m-lounge');
    expect((await searchOne('oaj')).nbHits).toBe(0);
    expect((await searchOne('chaor', { typoTolerance: false })).nbHits).toBe(0);
  });

  it('matches the last word as a prefix while typing, and only the last', async () => {
    expect(entryIds((await searchOne('pen')).hits)).toEqual(['m-lamp']);
    expect(entryIds((await searchOne('walnut lou')).hits)).toEqual(['m-lounge']);
    expect((await searchOne('lou walnut')).nbHits).toBe(0);
  });

  it('matches a last word of one or two letters as a prefix in titles and tags only', async () => {
    const short = await searchOne('wa', { attributesToHighlight: ['title', 'body'] });

    expect((await searchOne('sw')).nbHits).toBe(0);
    expect(entryIds((await searchOne('swi')).hits)).toEqual(['m-lounge']);
    expect(short.hits[0]?._highlightResult).toMatchObject({ title: { value: '<em>Wa</em>lnut Lounge Chair' }, body: { matchLevel: 'none' } });
  });

  it('requires every query word to match', async () => {
    expect(entryIds((await searchOne('oak table')).hits)).toEqual(['m-table']);
    expect((await searchOne('oak lamp')).nbHits).toBe(0);
  });

  it('ignores case, accents and ß in German', async () => {
    expect(entryIds((await searchOne('MÜHLENSTRASSE', {}, DE)).hits)).toEqual(['m-table']);
    expect(entryIds((await searchOne('geolt', {}, DE)).hits)).toEqual(['m-lounge']);
  });

  it('returns each entry once with its best chunk, or every chunk with distinct off', async () => {
    const distinct = await searchOne('photogrammetry');
    const all = await searchOne('walnut', { distinct: false });

    expect(distinct.nbHits).toBe(1);
    expect(distinct.hits[0]?.chunk).toBeGreaterThan(0);
    expect(distinct.hits[0]?.objectID).toBe(`a-walnut:en-US:${distinct.hits[0]?.chunk}`);
    expect(all.nbHits).toBeGreaterThan(2);
    expect(all.hits.filter((hit) => hit.entryId === 'a-walnut').length).toBeGreaterThan(1);
  });

  it('pages through an empty query newest first', async () => {
    const first = await searchOne('', { hitsPerPage: 2 });
    const second = await searchOne('', { hitsPerPage: 2, page: 1 });
    const beyond = await searchOne('', { hitsPerPage: 2, page: 9 });

    expect(entryIds(first.hits)).toEqual(['m-lounge', 'a-walnut']);
    expect(entryIds(second.hits)).toEqual(['m-lamp', 'm-table']);
    expect([first.nbHits, first.nbPages, second.page]).toEqual([6, 3, 1]);
    expect(beyond).toMatchObject({ hits: [], page: 9, nbHits: 6 });
  });

  it('answers hitsPerPage 0 with counts only, as disjunctive facet queries ask', async () => {
    expect(await searchOne('', { hitsPerPage: 0 })).toMatchObject({ hits: [], nbHits: 6, nbPages: 0 });
  });

  it('refuses hitsPerPage above 1000', async () => {
    await expect(searchOne('', { hitsPerPage: 1001 })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('hitsPerPage') });
  });

  it('returns only the attributes asked for, always with objectID', async () => {
    const { hits } = await searchOne('lamp', { attributesToRetrieve: ['title', 'url'], attributesToHighlight: [] });
    const dropped = await searchOne('lamp', { attributesToRetrieve: ['*', '-body', '-summary'] });

    expect(hits[0]).toEqual({ objectID: 'm-lamp:en-US', title: 'Brass Pendant Lamp', url: '/models/pendant-lamp' });
    expect(dropped.hits[0]).not.toHaveProperty('body');
    expect(dropped.hits[0]).toHaveProperty('tags');
  });

  it('answers 404 in Algolia’s words for an index that is not ours', async () => {
    await expect(searchOne('x', {}, 'vitrine_fr-FR')).rejects.toMatchObject({ status: 404, message: 'Index does not exist' });
  });

  it('serves a single-index query with POST /1/indexes/:indexName/query', async () => {
    const result = await server.client.customPost({ path: `1/indexes/${DE}/query`, body: { params: 'query=eiche&hitsPerPage=3' } });

    expect(result).toMatchObject({ index: DE, query: 'eiche', hitsPerPage: 3, params: 'query=eiche&hitsPerPage=3', nbHits: 1 });
  });
});
