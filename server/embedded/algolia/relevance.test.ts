import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContentStack } from '#server/composition.ts';
import { loadConfig } from '#server/config.ts';
import { collectRecords } from '#server/services/search/records.ts';
import { LOCALES } from '#shared/content/types.ts';

import { RELEVANCE_CASES } from '../../../tests/fixtures/search/relevance-queries.ts';
import { DE, EN, startSearchServer } from '../../../tests/fixtures/search/search-server.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchServer } from '../../../tests/fixtures/search/search-server.ts';

// The demo space as the app indexes it, searched through the real algoliasearch client: the suite fails when ranking or the demo content drifts.
let server: SearchServer;
beforeAll(async () => {
  const { content } = await createContentStack(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
  server = await startSearchServer({ engine: { records: await collectRecords(content, LOCALES) } });
});
afterAll(() => server.close());

async function titles(query: string, indexName: string, hitsPerPage = 20): Promise<string[]> {
  const { results } = await server.client.searchForHits<SearchRecord>({ requests: [{ indexName, query, distinct: true, hitsPerPage }] });
  return results[0]!.hits.map((hit) => hit.title);
}

describe('search relevance over the demo space (Algolia’s default ranking)', () => {
  it('covers at least 40 queries in both locales', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(RELEVANCE_CASES.map((c) => c.locale))).toEqual(new Set(['en', 'de']));
  });

  it.each(RELEVANCE_CASES)('$locale “$query” → $top', async ({ locale, query, top, order = [] }) => {
    const found = await titles(query, locale === 'de' ? DE : EN);

    expect(found[0]).toBe(top);
    expect(found.filter((title) => order.includes(title))).toEqual(order);
  });

  it('ranks fewer typos first, then closer words, then the title, then the exact word', async () => {
    // "lamp": the title prefix "Lamps" (position 0) beats "Lamp" at position 2 on attribute, before exactness is looked at.
    expect((await titles('lamp', EN)).slice(0, 2)).toEqual(['Lamps are the hardest things to photograph', 'Pivot Desk Lamp']);
    // "wool" in Ostra's summary beats bodies; no typo match ("wood", "tool") comes before an exact one.
    const wool = await titles('wool', EN);
    expect(wool[0]).toBe('Ostra Lounge Chair');
    expect((await titles('desk lamp', EN)).slice(0, 2)).toEqual(['Pivot Desk Lamp', 'The balance of a desk lamp']);
  });

  it('highlights typo and transposition matches whole, and prefixes as far as typed', async () => {
    const { results } = await server.client.searchForHits<SearchRecord>({ requests: [{ indexName: EN, query: 'lounge chiar', hitsPerPage: 1 }] });
    const { results: typed } = await server.client.searchForHits<SearchRecord>({ requests: [{ indexName: EN, query: 'tri', hitsPerPage: 1 }] });

    expect(results[0]!.hits[0]!._highlightResult?.title).toMatchObject({
      value: 'Ostra <em>Lounge</em> <em>Chair</em>',
      matchLevel: 'full',
      matchedWords: ['lounge', 'chiar'],
    });
    expect(typed[0]!.hits[0]!._highlightResult?.title).toMatchObject({ value: '<em>Tri</em>pod Stool', matchLevel: 'full' });
  });
});
