import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EN, startSearchServer } from '../../../tests/fixtures/search/search-server.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchServer } from '../../../tests/fixtures/search/search-server.ts';

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer();
});
afterAll(() => server.close());

async function firstHit(query: string, params: Record<string, unknown> = {}) {
  const { results } = await server.client.searchForHits<SearchRecord>({ requests: [{ indexName: EN, query, ...params }] });
  return results[0]!.hits[0]!;
}

describe('highlighting and snippets', () => {
  it('highlights every searchable attribute with match levels and matched words', async () => {
    const hit = await firstHit('walnut leather');

    expect(hit._highlightResult).toEqual({
      title: { value: '<em>Walnut</em> Lounge Chair', matchLevel: 'partial', matchedWords: ['walnut'], fullyHighlighted: false },
      tags: [
        { value: 'Furniture', matchLevel: 'none', matchedWords: [] },
        { value: 'Design', matchLevel: 'none', matchedWords: [] },
      ],
      summary: {
        value: 'A low lounge chair in oiled <em>walnut</em> with <em>leather</em> upholstery.',
        matchLevel: 'full',
        matchedWords: ['walnut', 'leather'],
        fullyHighlighted: false,
      },
      body: {
        value: 'Steam-bent <em>walnut</em> shells on a swivel base.\nThe upholstery is vegetable-tanned <em>leather</em>.',
        matchLevel: 'full',
        matchedWords: ['walnut', 'leather'],
        fullyHighlighted: false,
      },
    });
  });

  it('uses the requested tags, highlights only the typed part of a prefix and the whole word of a typo', async () => {
    const hit = await firstHit('walnat lou', { highlightPreTag: '<mark>', highlightPostTag: '</mark>', attributesToHighlight: ['title'] });

    expect(hit._highlightResult).toEqual({
      title: { value: '<mark>Walnut</mark> <mark>Lou</mark>nge Chair', matchLevel: 'full', matchedWords: ['walnat', 'lou'], fullyHighlighted: false },
    });
  });

  it('marks a value fully highlighted when every word of it matched', async () => {
    const hit = await firstHit('design', { attributesToHighlight: ['tags'] });

    expect(hit._highlightResult?.tags).toContainEqual({ value: '<em>Design</em>', matchLevel: 'full', matchedWords: ['design'], fullyHighlighted: true });
  });

  it('escapes record HTML before inserting the tags, so it renders as text', async () => {
    const hit = await firstHit('lighting guide', { attributesToHighlight: ['title'] });

    expect(hit.title).toBe("Tom's <b>Lighting</b> & Lamp Guide");
    expect(hit._highlightResult?.title).toMatchObject({ value: 'Tom&#39;s &lt;b&gt;<em>Lighting</em>&lt;/b&gt; &amp; Lamp <em>Guide</em>' });
  });

  it('leaves escaping to InstantSearch when it asks with its placeholder tags, as Algolia does', async () => {
    const hit = await firstHit('lighting', { highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__', attributesToHighlight: ['title'] });

    expect(hit._highlightResult?.title).toMatchObject({ value: "Tom's <b>__ais-highlight__Lighting__/ais-highlight__</b> & Lamp Guide" });
  });

  it('snippets the words around the best match with an ellipsis where text was cut', async () => {
    const hit = await firstHit('photogrammetry', { attributesToSnippet: ['body:6'], attributesToHighlight: [] });

    expect(hit).not.toHaveProperty('_highlightResult');
    expect(hit._snippetResult).toEqual({ body: { value: '…piece with <em>photogrammetry</em> before shipping it.', matchLevel: 'full' } });
  });

  it('uses the requested ellipsis and tags in snippets, and escapes around them', async () => {
    const hit = await firstHit('lighting', {
      attributesToSnippet: ['title:3'],
      snippetEllipsisText: '...',
      highlightPreTag: '<b class="hit">',
      highlightPostTag: '</b>',
    });

    expect(hit._snippetResult?.title).toEqual({ value: '...<b class="hit">Lighting</b>&lt;/b&gt; &amp; Lamp...', matchLevel: 'full' });
  });

  it('snippets the start of the text when nothing matched, and leaves short text whole', async () => {
    const hit = await firstHit('', { attributesToSnippet: ['summary:3', 'title'] });

    expect(hit._snippetResult).toEqual({
      summary: { value: 'A low lounge…', matchLevel: 'none' },
      title: { value: 'Walnut Lounge Chair', matchLevel: 'none' },
    });
  });
});
