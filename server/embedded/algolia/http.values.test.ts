import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { toSearchRecords } from '#server/services/search/records.ts';

import { EN, startSearchServer } from '../../../tests/fixtures/search/search-server.ts';
import { FIXTURE_ENTRIES } from '../../../tests/fixtures/search/entries.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchServer } from '../../../tests/fixtures/search/search-server.ts';

/** Searchable attributes holding what a JSON record (or a new optional field) may hold: a number, nested arrays, a boolean, null, nothing. */
const ODD = {
  ...FIXTURE_ENTRIES.flatMap(toSearchRecords)[0]!,
  objectID: 'odd:en-US',
  entryId: 'odd',
  title: 1969,
  tags: ['Quokka', ['Zyzzyva', ['Xylograph']], 42, true, null],
  summary: null,
  body: undefined,
} as unknown as SearchRecord;

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer({ engine: { records: [...FIXTURE_ENTRIES.flatMap(toSearchRecords), ODD] } });
});
afterAll(() => server.close());

async function search(params: Record<string, unknown>) {
  const { results } = await server.client.searchForHits<SearchRecord>({ requests: [{ indexName: EN, ...params }] });
  return results[0]!;
}
const entryIds = async (params: Record<string, unknown>) => (await search(params)).hits.map((hit) => hit.entryId);

describe('records with searchable attributes of any type', () => {
  it('finds a number by its text, and words of arrays at any depth', async () => {
    expect(await entryIds({ query: '1969' })).toEqual(['odd']);
    expect(await entryIds({ query: 'xylograph zyzzyva' })).toEqual(['odd']);
    expect(await entryIds({ query: '42 quokka' })).toEqual(['odd']);
  });

  it('counts and filters numbers and booleans as facet values, skipping null', async () => {
    const result = await search({ query: '', facets: ['tags'], facetFilters: ['entryId:odd'] });

    expect(result.facets).toEqual({ tags: { '42': 1, Quokka: 1, Xylograph: 1, Zyzzyva: 1, true: 1 } });
    expect(await entryIds({ query: '', facetFilters: ['tags:true'] })).toEqual(['odd']);
    expect(await entryIds({ query: '', filters: 'tags:42' })).toEqual(['odd']);
  });

  it('returns the record as it is, with highlights for its text attributes only', async () => {
    const [hit] = (await search({ query: 'quokka' })).hits;

    expect(hit).toMatchObject({ objectID: 'odd:en-US', title: 1969, summary: null, tags: ODD.tags });
    expect(Object.keys(hit!._highlightResult ?? {})).toEqual([]);
  });
});
