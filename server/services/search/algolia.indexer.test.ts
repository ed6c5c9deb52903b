import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOCALES } from '#shared/content/types.ts';

import { startFakeAlgolia } from '../../../tests/fakes/algolia-server.ts';
import { FIXTURE_ENTRIES } from '../../../tests/fixtures/search/entries.ts';
import { ALGOLIA_INDEX_SETTINGS, indexAllRecords } from './algolia.ts';
import { toSearchRecords } from './records.ts';

import type { FakeAlgolia } from '../../../tests/fakes/algolia-server.ts';

let fake: FakeAlgolia;
beforeAll(async () => {
  fake = await startFakeAlgolia();
});
afterAll(() => fake.close());

describe('indexAllRecords', () => {
  it('configures and atomically replaces one index per locale over the wire, with the admin credentials', async () => {
    const records = FIXTURE_ENTRIES.flatMap(toSearchRecords);
    fake.seed('shop_en-US', [{ objectID: 'old:en-US', entryId: 'old', title: 'Old' }]);
    const client = algoliasearch('APPID', 'admin-key', { hosts: [{ url: fake.host, protocol: 'http', accept: 'readWrite' }] });

    const reports = await indexAllRecords({ client, records, indexPrefix: 'shop', locales: LOCALES });

    expect(reports).toEqual([
      { indexName: 'shop_en-US', objects: records.filter((r) => r.locale === 'en-US').length },
      { indexName: 'shop_de-DE', objects: records.filter((r) => r.locale === 'de-DE').length },
    ]);
    const settings = fake.requestsTo(/\/settings$/);
    expect(settings.map((r) => [r.method, r.path])).toEqual([
      ['PUT', '/1/indexes/shop_en-US/settings'],
      ['PUT', '/1/indexes/shop_de-DE/settings'],
    ]);
    expect(settings[0]!.body).toEqual(ALGOLIA_INDEX_SETTINGS);
    const operations = fake.requestsTo(/\/operation$/).map((r) => [r.path, (r.body as { operation: string }).operation]);
    expect(operations.filter(([path]) => path === '/1/indexes/shop_en-US/operation').map(([, op]) => op)).toEqual(['copy', 'copy']);
    expect(operations.some(([path, op]) => /^\/1\/indexes\/shop_en-US_tmp_\d+\/operation$/.test(path!) && op === 'move')).toBe(true);
    expect(fake.requests.every((r) => r.headers['x-algolia-application-id'] === 'APPID' && r.headers['x-algolia-api-key'] === 'admin-key')).toBe(true);
    const stored = fake.indexes.get('shop_en-US')!;
    expect([...stored.keys()]).not.toContain('old:en-US');
    expect(stored.get('m-lounge:en-US')).toMatchObject({ title: 'Walnut Lounge Chair', updatedAtTimestamp: Date.parse('2025-03-01T10:00:00.000Z') / 1000 });
    expect(fake.settings.get('shop_de-DE')).toMatchObject({ attributeForDistinct: 'entryId', distinct: true, customRanking: ['desc(updatedAtTimestamp)'] });
  });
});
