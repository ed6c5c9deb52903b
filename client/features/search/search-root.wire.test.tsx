import { fireEvent, screen, waitFor } from '@testing-library/react';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { readSearchParams, startFakeAlgolia } from '../../../tests/fakes/algolia-server.ts';
import { createSearchClient, skipEmptyQueries } from './search-root.tsx';
import { HeaderSearchBox } from './widgets/header-search-box.tsx';
import { renderWithRouter } from '../../../tests/fixtures/search/instantsearch.tsx';

import type { FakeAlgolia } from '../../../tests/fakes/algolia-server.ts';
import type { PublicConfig } from '#shared/public-config.ts';

// Vitest resolves packages for Node; the browser build (XMLHttpRequest, credentials in the query string) is what ships.
vi.mock('algoliasearch/lite', () => import(/* @vite-ignore */ String('algoliasearch/dist/lite/builds/browser')));
vi.mock('search-insights', async (importOriginal) => {
  const actual = await importOriginal<typeof import('search-insights')>();
  return { ...actual, default: actual.createInsightsClient(async () => true) };
});

const PRODUCTION: PublicConfig = {
  locales: ['en-US', 'de-DE'],
  algolia: { appId: 'APPID', searchKey: 'search-only-key', indexPrefix: 'shop', embedded: false },
  insights: { enabled: true, basePath: '/_insights', sampleRate: 1, selfHosted: true },
  livePreview: { origins: [] },
};

let fake: FakeAlgolia;
beforeAll(async () => {
  fake = await startFakeAlgolia();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.seed('shop_de-DE', [
    {
      objectID: 'lamp:de-DE',
      entryId: 'lamp',
      type: 'model',
      locale: 'de-DE',
      title: 'Pendelleuchte',
      url: '/de/models/lamp',
      summary: 'Eine Leuchte',
      body: 'Messing',
      tags: [],
    },
  ]);
});

describe('the browser search client in production mode', () => {
  it("uses Algolia's hosts for the app id, and our own origin in embedded mode", () => {
    const production = createSearchClient(PRODUCTION.algolia, 'https://vitrine.example');
    const embedded = createSearchClient({ ...PRODUCTION.algolia, embedded: true }, 'https://vitrine.example');

    expect(production.transporter.hosts.map((host) => host.url).sort()).toEqual([
      'APPID-1.algolianet.com',
      'APPID-2.algolianet.com',
      'APPID-3.algolianet.com',
      'APPID-dsn.algolia.net',
      'APPID.algolia.net',
    ]);
    expect(embedded.transporter.hosts).toEqual([{ url: 'vitrine.example', protocol: 'https', accept: 'read' }]);
  });

  it('sends the app id and search-only key, the locale index, 5 hits per page and clickAnalytics over the wire', async () => {
    const client = liteClient(PRODUCTION.algolia.appId, PRODUCTION.algolia.searchKey, { hosts: [{ url: fake.host, protocol: 'http', accept: 'read' }] });
    renderWithRouter(
      <HeaderSearchBox
        locale="de-DE"
        takeHandoff={() => ({ value: '', focused: true, selectionStart: null, selectionEnd: null })}
        onReady={() => {}}
        searchClient={skipEmptyQueries(client)}
      />,
      PRODUCTION,
    );

    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'leuchte' } });

    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    const searches = fake.requestsTo(/^\/1\/indexes\/\*\/queries$/);
    expect(searches).toHaveLength(1);
    const [search] = searches;
    expect(search!.method).toBe('POST');
    expect(search!.query).toMatchObject({ 'x-algolia-application-id': 'APPID', 'x-algolia-api-key': 'search-only-key' });
    expect(search!.query['x-algolia-agent']).toMatch(/Lite \(5\.\d+\.\d+\); Browser;.*instantsearch\.js/);
    expect(search!.headers['content-type']).toBe('text/plain');
    // algoliasearch v5 flattens InstantSearch's legacy `{ indexName, params }` into each request.
    const [request] = (search!.body as { requests: Array<{ indexName: string }> }).requests;
    const params = readSearchParams(request!);
    expect(request!.indexName).toBe('shop_de-DE');
    expect(params).toMatchObject({ query: 'leuchte', hitsPerPage: 5, clickAnalytics: true, attributesToSnippet: ['body:20'] });
    expect(String(params.userToken)).toMatch(/^anonymous-/);
    expect(screen.getByRole('option').textContent).toContain('Pendelleuchte');
  });
});
