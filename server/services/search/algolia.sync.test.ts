import { algoliasearch } from 'algoliasearch';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContentEvents } from '#server/services/content/content-events.ts';
import { LOCALES } from '#shared/content/types.ts';

import { startFakeAlgolia } from '../../../tests/fakes/algolia-server.ts';
import { FIXTURE_ENTRIES } from '../../../tests/fixtures/search/entries.ts';
import { subscribeAlgoliaSync, syncContentChange } from './algolia.ts';
import { toSearchRecords } from './records.ts';

import type { FakeAlgolia } from '../../../tests/fakes/algolia-server.ts';
import type { Article, Locale, Model3D, Page } from '#shared/content/types.ts';
import type { ContentApi } from '#shared/data/content-api.ts';

let fake: FakeAlgolia;
beforeAll(async () => {
  fake = await startFakeAlgolia();
});
afterAll(() => fake.close());

/** The ContentService calls the record collector makes, over a mutable entry list. */
function createEntryContent(entries: Array<Article | Model3D | Page>): ContentApi {
  const of = <T extends Article | Model3D | Page>(type: T['type'], locale: string) => entries.filter((e): e is T => e.type === type && e.locale === locale);
  const find =
    (type: string) =>
    async (slug: string, { locale }: { locale: string }) =>
      entries.find((e) => e.type === type && e.slug === slug && e.locale === locale) ?? null;
  return {
    listArticles: async (_query, { locale }) => {
      const items = of<Article>('article', locale);
      return { items, total: items.length, skip: 0, limit: 1000 };
    },
    listModels: async (_query, { locale }) => of<Model3D>('model', locale),
    listPages: async ({ locale }) => of<Page>('page', locale),
    getArticle: find('article'),
    getModel: find('model'),
    getPage: find('page'),
  } as Partial<ContentApi> as ContentApi;
}

const client = () => algoliasearch('APPID', 'admin-key', { hosts: [{ url: fake.host, protocol: 'http', accept: 'readWrite' }] });

describe('syncContentChange', () => {
  it('deletes every record of the changed entries by entryId, then saves their current records, per locale index', async () => {
    const entries = FIXTURE_ENTRIES.filter((entry) => entry.id !== 'm-table');
    const stale = FIXTURE_ENTRIES.flatMap(toSearchRecords);
    for (const locale of ['en-US', 'de-DE'])
      fake.seed(
        `vitrine_${locale}`,
        stale.filter((r) => r.locale === locale),
      );
    fake.requests.length = 0;

    const result = await syncContentChange(
      { client: client(), content: createEntryContent(entries), indexPrefix: 'vitrine', locales: LOCALES },
      { affectedIds: ['m-lamp', 'm-table'] },
    );

    expect(result).toEqual({ deleted: 2, saved: 1 });
    const deletes = fake.requestsTo(/deleteByQuery$/);
    expect(deletes.map((r) => [r.path, r.body])).toEqual([
      ['/1/indexes/vitrine_en-US/deleteByQuery', { filters: 'entryId:"m-lamp" OR entryId:"m-table"' }],
      ['/1/indexes/vitrine_de-DE/deleteByQuery', { filters: 'entryId:"m-lamp" OR entryId:"m-table"' }],
    ]);
    const batches = fake.requestsTo(/\/batch$/);
    expect(batches.map((r) => r.path)).toEqual(['/1/indexes/vitrine_en-US/batch']);
    expect(batches[0]!.body).toEqual({
      requests: [{ action: 'addObject', body: expect.objectContaining({ objectID: 'm-lamp:en-US', entryId: 'm-lamp', updatedAtTimestamp: 1738404000 }) }],
    });
    expect(fake.requests.every((r) => r.headers['x-algolia-application-id'] === 'APPID' && r.headers['x-algolia-api-key'] === 'admin-key')).toBe(true);
    expect([...fake.indexes.get('vitrine_en-US')!.keys()]).not.toContain('m-table:en-US');
    expect([...fake.indexes.get('vitrine_de-DE')!.keys()]).not.toContain('m-table:de-DE');
    expect(fake.indexes.get('vitrine_en-US')!.get('m-lamp:en-US')).toMatchObject({ title: 'Brass Pendant Lamp' });
  });

  it('quotes ids inside the filter', async () => {
    fake.requests.length = 0;

    await syncContentChange({ client: client(), content: createEntryContent([]), indexPrefix: 'shop', locales: LOCALES }, { affectedIds: ['a"b'] });

    expect(fake.requestsTo(/deleteByQuery$/)[0]!.body).toEqual({ filters: 'entryId:"a\\"b"' });
  });
});

describe('subscribeAlgoliaSync', () => {
  it('applies every content change the webhook reports', async () => {
    const events = createContentEvents(pino({ level: 'silent' }));
    let served: readonly Locale[] = LOCALES;
    const content = createEntryContent(FIXTURE_ENTRIES);
    subscribeAlgoliaSync({ client: client(), content, events, indexPrefix: 'vitrine', locales: () => served, logger: pino({ level: 'silent' }) });
    fake.requests.length = 0;

    await events.emit({ action: 'publish', entityType: 'Entry', id: 'a-light', affectedIds: ['a-light'] });

    expect(fake.requestsTo(/\/batch$/).map((r) => r.path)).toEqual(['/1/indexes/vitrine_en-US/batch']);
    expect(fake.requestsTo(/deleteByQuery$/)).toHaveLength(2);

    // The space dropped de-DE (ADR 039): its index is neither read for nor written to.
    served = ['en-US'];
    fake.requests.length = 0;
    await events.emit({ action: 'publish', entityType: 'Entry', id: 'a-light', affectedIds: ['a-light'] });
    expect(fake.requests.filter((r) => r.path.includes('de-DE'))).toEqual([]);
    expect(fake.requestsTo(/deleteByQuery$/).map((r) => r.path)).toEqual(['/1/indexes/vitrine_en-US/deleteByQuery']);
  });
});
