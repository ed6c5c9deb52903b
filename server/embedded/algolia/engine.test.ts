import { describe, expect, it } from 'vitest';

import { LOCALES } from '#shared/content/types.ts';

import { FIXTURE_ENTRIES, toRichText } from '../../../tests/fixtures/search/entries.ts';
import { toSearchRecords } from '#server/services/search/records.ts';
import { createEmbeddedSearchEngine } from './engine.ts';
import { parseQuery } from './query-params.ts';

import type { Article, Locale } from '#shared/content/types.ts';
import type { SearchResult } from './engine.ts';

const EN = 'vitrine_en-US';
const createEngine = () => createEmbeddedSearchEngine({ indexPrefix: 'vitrine', records: FIXTURE_ENTRIES.flatMap(toSearchRecords) });
const run = (engine: ReturnType<typeof createEngine>, params: Record<string, unknown>, indexName = EN) =>
  engine.search(parseQuery({ indexName, ...params }, 512)) as SearchResult;
const walnut = FIXTURE_ENTRIES.find((entry) => entry.id === 'a-walnut') as Article;

describe('createEmbeddedSearchEngine', () => {
  it('serves one index per locale named after the prefix', () => {
    const engine = createEngine();

    expect(engine.hasIndex('vitrine_en-US')).toBe(true);
    expect(engine.hasIndex('vitrine_de-DE')).toBe(true);
    expect(engine.hasIndex('vitrine')).toBe(false);
    expect(engine.getStats()).toEqual({
      'vitrine_en-US': FIXTURE_ENTRIES.filter((e) => e.locale === 'en-US').flatMap(toSearchRecords).length,
      'vitrine_de-DE': 2,
    });
  });

  it('has no index for a locale the site does not serve, and gains it back when the locale is served again', () => {
    let served: readonly Locale[] = ['en-US'];
    const engine = createEmbeddedSearchEngine({ indexPrefix: 'vitrine', records: FIXTURE_ENTRIES.flatMap(toSearchRecords), locales: () => served });

    expect(engine.hasIndex('vitrine_de-DE')).toBe(false);
    expect(() => run(engine, { query: '' }, 'vitrine_de-DE')).toThrow(expect.objectContaining({ status: 404, message: 'Index does not exist' }));
    expect(Object.keys(engine.getStats())).toEqual(['vitrine_en-US']);
    served = LOCALES;
    expect(run(engine, { query: '' }, 'vitrine_de-DE').nbHits).toBeGreaterThan(0);
  });

  it('replaces every chunk of an updated entry, including chunks that no longer exist', () => {
    const engine = createEngine();
    const shorter: Article = { ...walnut, title: 'Walnut, briefly', body: toRichText('Oil it once a year.') };

    engine.updateRecords(toSearchRecords(shorter));

    expect(run(engine, { query: 'photogrammetry' }).nbHits).toBe(0);
    expect(run(engine, { query: 'briefly' }).hits.map((hit) => hit.objectID)).toEqual(['a-walnut:en-US']);
    expect(run(engine, { query: 'walnut', distinct: false }).hits.filter((hit) => hit.entryId === 'a-walnut')).toHaveLength(1);
  });

  it('serves a repeated query from its cache with a fresh queryID, and forgets the cache when records change', () => {
    const engine = createEngine();
    const first = run(engine, { query: 'photogrammetry', clickAnalytics: true });
    const again = run(engine, { query: 'photogrammetry', clickAnalytics: true });
    engine.updateRecords(toSearchRecords({ ...walnut, body: toRichText('No scans here.') }));

    expect(again.hits).toBe(first.hits);
    expect(again.queryID).not.toBe(first.queryID);
    expect(run(engine, { query: 'photogrammetry', clickAnalytics: true }).nbHits).toBe(0);
    expect(run(engine, { query: 'brass' }).nbHits).toBe(1);
    engine.removeRecords(['m-lamp']);
    expect(run(engine, { query: 'brass' }).nbHits).toBe(0);
  });

  it('adds new entries and removes entries in every locale by entryId', () => {
    const engine = createEngine();
    const added: Article = { ...walnut, id: 'a-new', slug: 'new', title: 'Terrazzo Tiles', body: toRichText('Cement and marble chips.') };

    engine.updateRecords(toSearchRecords(added));
    const removed = engine.removeRecords(['m-lounge', 'unknown']);

    expect(run(engine, { query: 'terrazzo' }).hits.map((hit) => hit.entryId)).toEqual(['a-new']);
    expect(removed).toBe(2);
    expect(run(engine, { query: 'lounge' }).nbHits).toBe(0);
    expect(run(engine, { query: 'sessel' }, 'vitrine_de-DE').nbHits).toBe(0);
  });

  it('keeps the order stable for equal scores: newest first, then objectID', () => {
    const engine = createEngine();
    const twins = ['b', 'a', 'c'].map((id) => ({ ...walnut, id: `twin-${id}`, title: 'Twin', updatedAt: '2020-01-01T00:00:00.000Z', body: toRichText() }));
    engine.updateRecords(twins.flatMap(toSearchRecords));

    expect(run(engine, { query: 'twin' }).hits.map((hit) => hit.entryId)).toEqual(['twin-a', 'twin-b', 'twin-c']);
  });

  it('ranks in Algolia’s order: typos, proximity, attribute and title position, exact, then newest', () => {
    const base = { ...toSearchRecords(walnut)[0]!, tags: [], body: '' };
    const record = (entryId: string, title: string, summary: string, updatedAt: string) => ({ ...base, objectID: entryId, entryId, title, summary, updatedAt });
    const engine = createEmbeddedSearchEngine({
      indexPrefix: 'vitrine',
      records: [
        record('pines', 'Pines of the north', '', '2024-03-01T00:00:00.000Z'),
        record('pine', 'Pine', '', '2020-01-01T00:00:00.000Z'),
        record('late-pine', 'Chest in pine', '', '2025-01-01T00:00:00.000Z'),
        record('pint', 'Pint', 'A pint glass', '2019-01-01T00:00:00.000Z'),
      ],
    });
    const ids = (query: string) => run(engine, { query }).hits.map((hit) => hit.entryId);

    // No typos first; then title position 0 before 2; among those the title that is exactly the query, then the newest.
    expect(ids('pine')).toEqual(['pine', 'pines', 'late-pine', 'pint']);
    // A swap is one typo; typos apply to whole words, so "pines" (two away, and not started by "pnie" or "pint") is out.
    expect(ids('pnie')).toEqual(['pine', 'late-pine']);
    expect(ids('pint')).toEqual(['pint', 'pine', 'late-pine']);
    // Words side by side beat the same words apart, before the attribute is looked at.
    engine.updateRecords([record('apart', 'Glass', 'A pint of milk in a glass', '2026-01-01T00:00:00.000Z')]);
    expect(ids('pint glass')).toEqual(['pint', 'apart']);
  });

  it('stays correct after most records went (the index compacts itself)', () => {
    const base = toSearchRecords(walnut)[0]!;
    const records = Array.from({ length: 1500 }, (_, i) => ({ ...base, objectID: `r${i}`, entryId: `r${i}`, title: `Walnut item${i}`, body: '' }));
    const engine = createEmbeddedSearchEngine({ indexPrefix: 'vitrine', records });

    expect(engine.removeRecords(records.slice(0, 1400).map((record) => record.entryId))).toBe(1400);
    engine.updateRecords([{ ...records[1450]!, title: 'Renamed' }]);

    expect(engine.getStats()['vitrine_en-US']).toBe(100);
    expect(run(engine, { query: 'walnut', hitsPerPage: 1000 }).nbHits).toBe(99);
    expect(run(engine, { query: 'item1499' }).hits[0]?.objectID).toBe('r1499');
    expect(run(engine, { query: 'item12', typoTolerance: false }).nbHits).toBe(0);
    expect(run(engine, { query: 'renamed' }).nbHits).toBe(1);
  });

  it('refuses a record in a locale it has no index for, before changing anything', () => {
    const engine = createEngine();
    const [record] = toSearchRecords(walnut);

    expect(() => engine.updateRecords([{ ...record!, entryId: 'm-lamp', locale: 'fr-FR' as never }])).toThrow(/unknown locale/);
    expect(run(engine, { query: 'brass' }).nbHits).toBe(1);
  });

  it('serves at most the first 1000 hits, like Algolia’s paginationLimitedTo', () => {
    const engine = createEmbeddedSearchEngine({
      indexPrefix: 'vitrine',
      records: Array.from({ length: 1005 }, (_, i) => ({ ...toSearchRecords(walnut)[0]!, objectID: `x${i}`, entryId: `x${i}` })),
    });

    const result = run(engine, { query: '', hitsPerPage: 500, page: 2 });

    expect(result).toMatchObject({ nbHits: 1005, nbPages: 2, hits: [] });
  });
});
