import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createInProcessSearchClient } from '#server/embedded/algolia/index.ts';
import { createSearchApi } from '#server/services/search/search-api.ts';
import { createEmbeddedSearchEngine } from '#server/embedded/algolia/engine.ts';
import { toSearchRecords } from '#server/services/search/records.ts';

import { createTestApp } from '../fakes/test-app.ts';
import { FIXTURE_ENTRIES } from '../fixtures/search/entries.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchApi } from '#shared/data/search-api.ts';

const HOSTILE: SearchRecord = {
  objectID: 'evil:en-US',
  entryId: 'evil',
  type: 'article',
  locale: 'en-US',
  title: 'Zebra </script><script>alert(1)</script> <img src=x onerror=alert(2)>',
  slug: 'evil',
  url: 'javascript:alert(3)',
  summary: 'Zebra <b>bold</b> summary',
  body: 'Zebra body',
  chunk: 0,
  tags: ['<i>tag</i>'],
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedAtTimestamp: Date.parse('2025-01-01T00:00:00.000Z') / 1000,
};

const WITH_FACTS: SearchRecord = {
  ...HOSTILE,
  ...{ objectID: 'sofa:en-US', entryId: 'sofa', type: 'model', title: 'Fjord Sofa', slug: 'fjord-sofa', url: '/models/fjord-sofa' },
  ...{ summary: 'A deep sofa.', body: 'Wool and oak.', tags: [], facts: ['Marit Olsen'] },
};

function createSearch(): SearchApi {
  const engine = createEmbeddedSearchEngine({ indexPrefix: 'vitrine', records: [...FIXTURE_ENTRIES.flatMap(toSearchRecords), HOSTILE, WITH_FACTS] });
  return createSearchApi({ searchClient: createInProcessSearchClient(engine), indexPrefix: 'vitrine' });
}

const page = (app: Parameters<typeof request>[0], url: string) => request(app).get(url).set('Accept', 'text/html');

describe('the search page', () => {
  const { app } = createTestApp({}, { search: createSearch() });

  it('renders results on the server with highlights, links and a result count', async () => {
    const res = await page(app, '/search?q=chair');

    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Search</h1>');
    expect(res.text).toContain('2 results for “chair”');
    expect(res.text).toMatch(/<a class="card-link" href="\/models\/lounge-chair"[^>]*>.*<mark class="ais-Highlight-highlighted">Chair<\/mark>/);
    expect(res.text).toContain('href="/articles/walnut-care"');
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    const form = /<form id="search-page-form"[^>]*>/.exec(res.text)?.[0] ?? '';
    expect(form).toContain('role="search"');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/search"');
    expect(res.text).toMatch(/<input id="search-page-input"[^>]*maxLength="512"[^>]*value="chair"/);
    expect(res.text).toContain('"initialResults":{"vitrine_en-US"');
  });

  it("finds a model by a fact (its designer) and shows the facts, highlighted, before the hit's summary", async () => {
    const res = await page(app, '/search?q=olsen');

    expect(res.text).toContain('1 result for “olsen”');
    const facts = /<span class="hit-facts">(.*?)<\/span><\/span>(.*?)<\/p>/.exec(res.text);
    expect(facts?.[1]).toContain('Marit </span><mark class="ais-Highlight-highlighted">Olsen</mark>');
    expect(facts?.[2]).toContain('A deep sofa.');
  });

  it('searches the locale index of /de/search', async () => {
    const res = await page(app, '/de/search?q=eiche');

    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Suche</h1>');
    expect(res.text).toContain('href="/de/models/oak-table"');
    expect(res.text).toContain('"initialResults":{"vitrine_de-DE"');
  });

  it('applies type and tag facets and pages from the URL, with checkboxes and page links that work without JavaScript', async () => {
    const res = await page(app, '/search?type=model&tag=Design');

    expect(res.status).toBe(200);
    expect(res.text).toContain('2 results');
    expect(res.text).toMatch(/<input[^>]*type="checkbox" form="search-page-form" name="type" checked="" value="model"\/>/);
    expect(res.text).toMatch(/name="tag" checked="" value="Design"/);
    expect(res.text).toMatch(/name="type" value="article"\/><span>Article<\/span><span class="search-facet-count">1</);
    expect(res.text).not.toContain('href="/articles/walnut-care"');

    const second = await page(app, '/search?page=2');
    expect(second.status).toBe(200);
    expect(second.text).toMatch(/<a href="\/search" rel="prev">/);
    expect(second.text).toMatch(/<a href="\/search\?page=2"[^>]*aria-current="page"/);
  });

  it('answers a malformed page with 400', async () => {
    for (const url of ['/search?page=0', '/search?page=x', '/search?page=201']) expect((await page(app, url)).status).toBe(400);
  });

  it('shows HTML in records and queries as text and never links a hit outside the site', async () => {
    const res = await page(app, `/search?q=${encodeURIComponent('zebra <img src=x onerror=alert(4)>')}`);
    const withQuery = await page(app, '/search?q=zebra');

    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/<img src=x|<script>alert|onerror=alert\(4\)>/);
    expect(res.text).toContain('zebra &lt;img src=x onerror=alert(4)&gt;');
    expect(withQuery.text).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(withQuery.text).not.toContain('href="javascript:');
    expect(withQuery.text).not.toMatch(/<\/script><script>alert/);
    expect(withQuery.text).not.toContain('<b>bold</b>');
  });

  it('answers client navigations through /_data with the same initial results', async () => {
    const res = await request(app).get('/_data/search?q=lamp').set('Accept', 'application/json');

    expect(res.status).toBe(200);
    const results = (
      res.body as { results: Record<string, { data: { initialResults: Record<string, { results: Array<{ hits: Array<{ objectID: string }> }> }> } }> }
    ).results;
    expect(results['search']!.data.initialResults['vitrine_en-US']!.results[0]!.hits.map((hit) => hit.objectID)).toEqual([
      'm-lamp:en-US',
      'a-light:en-US',
      'a-walnut:en-US',
    ]);
  });

  it('still renders the page, with a plain form and a message, when the search service fails', async () => {
    const failing: SearchApi = { getSearchPageResults: () => Promise.reject(new Error('Algolia is down')) };
    const { app: failingApp } = createTestApp({}, { search: failing });

    const res = await page(failingApp, '/search?q=chair');

    expect(res.status).toBe(200);
    expect(res.text).toContain('Search is not available right now.');
    expect(res.text).toMatch(/<form [^>]*role="search" aria-label="Search and filter" class="search-page-form"[^>]*action="\/search" method="get">/);
    expect(res.text).toContain('value="chair"');
  });

  it('puts the search box in the header of every page, as a GET form to the locale search page', async () => {
    const [en, de] = await Promise.all([page(app, '/'), page(app, '/de')]);

    expect(en.text).toMatch(
      /<div class="header-tools" id="header-search"><form role="search" aria-label="Site search" class="header-search"[^>]*action="\/search" method="get">/,
    );
    expect(de.text).toMatch(/action="\/de\/search" method="get"/);
    expect(en.text).toMatch(/<input id="header-search-input"[^>]*type="search"[^>]*maxLength="512"[^>]*name="q"/);
  });
});
