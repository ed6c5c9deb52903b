import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { rateLimit } from '#server/middleware/rate-limit.ts';

import { createCollectorApp } from '../../tests/fixtures/insights-app.ts';
import { click, conversion, search } from '../../tests/fixtures/insights-queries-contract.ts';
import { toContentfulEntriesUrl } from './dashboard-searches.ts';

import type { SearchAnalyticsEvent } from '#shared/insights.ts';

const post = (app: Parameters<typeof request>[0], events: unknown[]) =>
  request(app).post('/_insights/search-insights/events').set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify({ events }));
const dashboard = (app: Parameters<typeof request>[0], query = '') => request(app).get(`/_insights/dashboard?token=s3cret-token${query}`);

describe('insights collector: search analytics events', () => {
  it('keeps searches, clicks and conversions, normalising the query, and logs each without the query text', async () => {
    const { app, logs, store } = createCollectorApp();
    const hostile: SearchAnalyticsEvent = { ...search(1, ''), query: '  Desk\tLAMP  <img src=x onerror=alert(1)> ' };

    const res = await post(app, [hostile, click(1, 2), conversion(1)]);
    const { all } = (await store.summarize()).windows.hour.queries;

    expect(res.status).toBe(204);
    expect(all).toMatchObject({ searches: 1, clickThroughRate: 1, averageClickPosition: 2, conversionRate: 1 });
    expect(all.topQueries.map((row) => row.query)).toEqual(['desk lamp <img src=x onerror=alert(1)>']);
    const lines = logs.filter((line) => line.msg === 'insights event');
    expect(lines.map((line) => [line.event, line.queryID])).toEqual([
      ['search', '1'.padStart(32, '0')],
      ['search-click', '1'.padStart(32, '0')],
      ['search-conversion', '1'.padStart(32, '0')],
    ]);
    expect(lines[0]).toMatchObject({ locale: 'en-US', hits: 3 });
    expect(JSON.stringify(logs)).not.toMatch(/desk/i);
  });

  it('refuses a batch with a bad event, keeping none of it', async () => {
    const { app, store } = createCollectorApp();

    const badId = await post(app, [search(1, 'lamp'), { ...click(1, 1), queryID: 'not-a-query-id' }]);
    const empty = await post(app, [{ ...search(2, 'x'), query: ' \t ' }]);
    const position = await post(app, [{ ...click(1, 1), position: 0 }]);
    const tooMany = await post(
      app,
      Array.from({ length: 26 }, (_, n) => search(n, 'lamp')),
    );

    expect([badId.status, empty.status, position.status, tooMany.status]).toEqual([400, 400, 400, 400]);
    expect(badId.body.error.message).toMatch(/events\.1\.queryID: must be the 32 hex characters/);
    expect(empty.body.error.message).toMatch(/events\.0\.query: must not be empty/);
    expect((await store.summarize()).windows.hour.queries.all.searches).toBe(0);
  });

  it('drops searches of a locale the site does not serve, so invented locales store nothing', async () => {
    const { app, store } = createCollectorApp({ locales: () => ['en-US'] });

    const res = await post(app, [search(1, 'lamp'), search(2, 'lampe', 3, 'de-DE'), search(3, 'junk', 3, 'xx-Junk1')]);
    const { locales } = (await store.summarize()).windows.hour.queries;

    expect(res.status).toBe(204);
    expect(Object.keys(locales)).toEqual(['en-US']);
  });

  it('shares the collector rate limit, and allows only POST', async () => {
    const { app } = createCollectorApp({ rateLimit: rateLimit({ burst: 1, perSecond: 0.1, maxClients: 100 }) });

    const first = await post(app, [search(1, 'lamp')]);
    const second = await post(app, [search(2, 'desk')]);
    const get = await request(app).get('/_insights/search-insights/events');

    expect([first.status, second.status]).toEqual([204, 429]);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });
});

describe('insights dashboard: what visitors search for', () => {
  async function seeded(options: Parameters<typeof createCollectorApp>[0] = {}) {
    const collector = createCollectorApp(options);
    await post(collector.app, [search(1, 'lamp', 5), click(1, 2), search(2, 'chair'), search(3, '<b>zzz</b>', 0), search(4, 'lampe', 0, 'de-DE')]);
    return collector;
  }

  it('shows top searches with CTR and average click position, searches without results and without clicks, escaped', async () => {
    const { app } = await seeded();

    const res = await dashboard(app, '&period=hour');

    expect(res.status).toBe(200);
    expect(res.text).toContain('What visitors search for');
    expect(res.text).toMatch(/<tr><td class="query">lamp<\/td><td>1<\/td><td>100%<\/td><td>2<\/td><td>0%<\/td><\/tr>/);
    expect(res.text).toContain('<td class="query">&lt;b&gt;zzz&lt;/b&gt;</td>');
    expect(res.text).not.toContain('<b>zzz');
    expect(res.text).toMatch(/<table aria-label="Searches without clicks">.*<td class="query">chair<\/td>/);
    expect(res.text).toContain('<b>25%</b><span>click-through rate</span>');
    // Without a live space there is nowhere to create an entry.
    expect(res.text).not.toContain('Create an entry');
    expect(res.text).not.toContain('<script');
  });

  it('shows one locale at a time, with period and locale links that keep a ?token= bookmark working', async () => {
    const { app } = await seeded();

    const res = await dashboard(app, '&period=day&locale=de-DE');
    const unknown = await dashboard(app, '&period=year&locale=%3Cx%3E');

    expect(res.text).toContain('<td class="query">lampe</td>');
    expect(res.text).not.toContain('<td class="query">lamp</td>');
    expect(res.text).toContain('<a href="?period=week&amp;locale=de-DE&amp;token=s3cret-token#searches">Last 7 days</a>');
    expect(res.text).toContain('<a href="?period=day&amp;locale=de-DE&amp;token=s3cret-token#searches" aria-current="page">de-DE</a>');
    expect(unknown.text).toContain('aria-current="page">Last 7 days</a>');
    expect(unknown.text).toContain('aria-current="page">All locales</a>');
    expect(unknown.text).not.toContain('<x>');
  });

  it('links a no-result query to the live space entries, without a referrer', async () => {
    const { app } = await seeded({ space: { spaceId: 'abc123', environment: 'staging' } });

    const res = await dashboard(app, '&period=hour&locale=en-US');

    expect(res.text).toContain(
      '<a href="https://app.contentful.com/spaces/abc123/environments/staging/entries" rel="noreferrer noopener" target="_blank" ' +
        'aria-label="Create an entry for “&lt;b&gt;zzz&lt;/b&gt;” in Contentful">Create an entry</a>',
    );
  });
});

describe('toContentfulEntriesUrl', () => {
  it('names the space and environment, on the EU web app for an EU host', () => {
    expect(toContentfulEntriesUrl({ spaceId: 's p', environment: 'master' })).toBe('https://app.contentful.com/spaces/s%20p/environments/master/entries');
    expect(toContentfulEntriesUrl({ spaceId: 's', environment: 'e', host: 'cdn.eu.contentful.com' })).toBe(
      'https://app.eu.contentful.com/spaces/s/environments/e/entries',
    );
  });
});
