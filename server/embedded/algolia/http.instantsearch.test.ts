import { connectHits, connectRefinementList, connectSearchBox } from 'instantsearch.js/es/connectors/index.js';
import instantsearch from 'instantsearch.js/es/index.js';
import { getHighlightedParts, unescape } from 'instantsearch.js/es/lib/utils/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EN, startSearchServer } from '../../../tests/fixtures/search/search-server.ts';

import type { Hit } from 'instantsearch.js';
import type { SearchServer } from '../../../tests/fixtures/search/search-server.ts';

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer();
});
afterAll(() => server.close());

/**
 * InstantSearch itself (helper, connectors, escaping) over the lite client:
 * the requests it builds (flattened params, placeholder tags, disjunctive
 * facet queries with hitsPerPage 0) and the way it reads our answers.
 */
describe('InstantSearch over the embedded API', () => {
  it('searches as the visitor types, refines a facet disjunctively and renders highlights as text', async () => {
    let hits: Hit[] = [];
    let typeQuery: (query: string) => void = () => {};
    let tags: { items: { value: string; count: number; isRefined: boolean }[]; refine: (value: string) => void } | undefined;
    const search = instantsearch({ indexName: EN, searchClient: server.client });
    search.addWidgets([
      connectSearchBox(({ refine }) => (typeQuery = refine))({}),
      connectHits(({ items }) => (hits = items))({}),
      connectRefinementList((state) => (tags = state))({ attribute: 'tags' }),
    ]);
    const settled = (query: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (search.status !== 'idle' || search.mainIndex.getResults()?.query !== query) return;
          search.removeListener('render', check);
          resolve();
        };
        search.on('render', check);
      });

    search.start();
    await settled('');
    typeQuery('lig');
    await settled('lig');
    const whileTyping = hits.map((hit) => hit.objectID);
    typeQuery('lighting');
    await settled('lighting');
    tags?.refine('Lighting');
    await settled('lighting');
    const title = hits.find((hit) => hit.objectID === 'a-light:en-US')?._highlightResult?.title as { value: string };
    search.dispose();

    expect(whileTyping).toEqual(['a-light:en-US', 'm-lamp:en-US']);
    expect(hits.map((hit) => hit.objectID)).toEqual(['a-light:en-US', 'm-lamp:en-US']);
    expect(tags?.items).toEqual([
      expect.objectContaining({ value: 'Lighting', count: 2, isRefined: true }),
      expect.objectContaining({ value: 'Design', count: 1, isRefined: false }),
    ]);
    // escapeHTML (the default) escaped once: safe as innerHTML, and React's <Highlight> (these two calls) shows the original text.
    expect(title.value).toBe('Tom&#39;s &lt;b&gt;<mark>Lighting</mark>&lt;/b&gt; &amp; Lamp Guide');
    expect(getHighlightedParts(unescape(title.value))).toEqual([
      { value: "Tom's <b>", isHighlighted: false },
      { value: 'Lighting', isHighlighted: true },
      { value: '</b> & Lamp Guide', isHighlighted: false },
    ]);
  });
});
