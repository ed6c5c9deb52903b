import { createInsightsClient } from 'search-insights';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { EN, startSearchServer } from '../../../tests/fixtures/search/search-server.ts';

import type { SearchServer } from '../../../tests/fixtures/search/search-server.ts';

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.logLines.length = 0;
});

const QUERY_ID = 'a'.repeat(32);
const click = {
  eventType: 'click',
  eventName: 'Hit clicked',
  index: EN,
  userToken: 'anonymous-1234',
  objectIDs: ['m-lamp:en-US'],
  positions: [1],
  queryID: QUERY_ID,
};
const sendEvents = (events: unknown[]) => server.client.customPost({ path: '1/events', body: { events } });

describe('POST /1/events', () => {
  it('accepts events from search-insights, sent like navigator.sendBeacon sends them', async () => {
    const urls: string[] = [];
    const aa = createInsightsClient(async (url, data) => {
      urls.push(url);
      const response = await fetch(url, { method: 'POST', body: JSON.stringify(data), headers: { 'content-type': 'text/plain;charset=UTF-8' } });
      return response.status === 200;
    });
    aa('init', { appId: 'embedded', apiKey: 'search-only-key', host: server.origin, userToken: 'anonymous-1234' });

    const sent = await aa('clickedObjectIDsAfterSearch', {
      eventName: 'Hit clicked',
      index: EN,
      queryID: QUERY_ID,
      objectIDs: ['m-lamp:en-US'],
      positions: [2],
    });

    expect(sent).toBe(true);
    expect(urls[0]).toMatch(/\/1\/events\?X-Algolia-Application-Id=embedded&X-Algolia-API-Key=search-only-key&X-Algolia-Agent=/);
    expect(server.logLines).toEqual([
      expect.objectContaining({
        msg: 'search insight',
        event: 'search-insight',
        eventType: 'click',
        eventName: 'Hit clicked',
        index: EN,
        queryID: QUERY_ID,
        objectIDs: ['m-lamp:en-US'],
        positions: [2],
        userToken: 'anonymous-1234',
      }),
    ]);
  });

  it('answers like the Insights API and logs one line per event, without the authenticated token', async () => {
    const view = {
      eventType: 'view',
      eventName: 'Hits viewed',
      index: EN,
      userToken: 'anonymous-1234',
      authenticatedUserToken: 'user-42',
      objectIDs: ['m-table:en-US'],
    };
    const conversion = {
      eventType: 'conversion',
      eventSubtype: 'addToCart',
      eventName: 'Added',
      index: EN,
      userToken: 'anonymous-1234',
      filters: ['tags:Design'],
    };

    await expect(sendEvents([click, view, conversion])).resolves.toEqual({ status: 200, message: 'OK' });
    expect(server.logLines.map((line) => line.eventType)).toEqual(['click', 'view', 'conversion']);
    expect(server.logLines[1]).not.toHaveProperty('authenticatedUserToken');
  });

  it.each([
    ['an unknown event type', { ...click, eventType: 'purchase' }, 'events[0].eventType'],
    ['a missing event name', { ...click, eventName: '' }, 'events[0].eventName'],
    [
      'more than 20 objectIDs',
      { ...click, objectIDs: Array.from({ length: 21 }, (_, i) => `o${i}`), positions: undefined, queryID: undefined },
      'events[0].objectIDs',
    ],
    ['a click after search without positions', { ...click, positions: undefined }, 'click events after a search need positions'],
    ['positions that do not match objectIDs', { ...click, positions: [1, 2] }, 'one position per objectID'],
    ['positions on a view', { ...click, eventType: 'view' }, 'only click events on objectIDs have positions'],
    ['a malformed queryID', { ...click, queryID: 'not-a-query-id' }, 'events[0].queryID'],
    ['a user token with spaces', { ...click, userToken: 'a b' }, 'events[0].userToken'],
    ['neither objectIDs nor filters', { ...click, objectIDs: undefined, positions: undefined }, 'either objectIDs or filters'],
    ['an index that is not ours', { ...click, index: 'other_index' }, 'index other_index does not exist'],
  ])('refuses %s with 400', async (_label, event, message) => {
    await expect(sendEvents([event])).rejects.toMatchObject({ status: 400, message: expect.stringContaining(message) });
    expect(server.logLines).toEqual([]);
  });

  it('refuses more than 100 events in one request', async () => {
    await expect(sendEvents(Array.from({ length: 101 }, () => click))).rejects.toMatchObject({ status: 400, message: 'at most 100 events per request' });
  });

  it('refuses a body without events', async () => {
    await expect(server.client.customPost({ path: '1/events', body: {} })).rejects.toMatchObject({ status: 400, message: 'events must be a non-empty array' });
  });

  it('accepts a click without a search (no queryID) and without positions', async () => {
    await expect(sendEvents([{ ...click, queryID: undefined, positions: undefined }])).resolves.toEqual({ status: 200, message: 'OK' });
  });
});
