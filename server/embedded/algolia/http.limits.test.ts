import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EN, startSearchServer } from '../../../tests/fixtures/search/search-server.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { SearchServer } from '../../../tests/fixtures/search/search-server.ts';

let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer();
});
afterAll(() => server.close());

const searchOne = async (params: Record<string, unknown>, client = server.client) =>
  (await client.searchForHits<SearchRecord>({ requests: [{ indexName: EN, ...params }] })).results[0]!;

/** Requests the clients never send, written by hand on purpose. */
const post = (path: string, body: string, contentType = 'text/plain') =>
  fetch(`${server.origin}${path}`, { method: 'POST', body, headers: { 'content-type': contentType } });

describe('request limits of the embedded search API', () => {
  it('refuses a query over 512 characters with an Algolia error', async () => {
    await expect(searchOne({ query: 'a'.repeat(513) })).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      message: 'query is too long: 513 characters, the maximum is 512',
    });
    await expect(searchOne({ query: `${'a '.repeat(255)}ab` })).resolves.toHaveProperty('nbHits');
  });

  it('replaces control characters in the query with spaces', async () => {
    const result = await searchOne({ query: 'walnut\u0000lounge\u0007' });

    expect(result.query).toBe('walnut lounge ');
    expect(result.hits.map((hit) => hit.entryId)).toEqual(['m-lounge']);
  });

  it('answers malformed JSON with 400 in the Algolia error shape', async () => {
    const response = await post('/1/indexes/*/queries', '{"requests": [');

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Request body is not valid JSON', status: 400 });
  });

  it('answers a body without requests with 400', async () => {
    const response = await post('/1/indexes/*/queries', '{"queries": []}', 'application/json');

    expect(await response.json()).toEqual({ message: 'requests must be a non-empty array', status: 400 });
  });

  it('answers a body over the limit with 413', async () => {
    await expect(searchOne({ filters: 'x'.repeat(70_000) })).rejects.toMatchObject({ status: 413, message: 'Request body is larger than allowed' });
  });

  it('reads gzip request bodies, which the client sends when compression is on', async () => {
    const client = server.createClient({ compression: 'gzip' });

    const result = await searchOne({ query: 'oak', attributesToRetrieve: Array.from({ length: 80 }, (_, i) => `attribute${i}`) }, client);

    expect(result.hits).toEqual([expect.objectContaining({ objectID: 'm-table:en-US' })]);
  });

  it('accepts credentials as query parameters as well as headers', async () => {
    const client = server.createClient({ authMode: 'WithinQueryParameters' });

    expect((await searchOne({ query: 'oak' }, client)).nbHits).toBe(1);
  });

  it('answers 404 for a multi-query path on a named index and for unknown Algolia paths', async () => {
    const named = await post('/1/indexes/vitrine_en-US/queries', '{"requests":[]}');
    const unknown = await post('/1/indexes/vitrine_en-US/browse', '{}');

    expect([named.status, await named.json()]).toEqual([404, { message: 'Not found', status: 404 }]);
    expect(unknown.status).toBe(404);
  });

  it('answers OPTIONS with Allow and other methods with 405', async () => {
    const options = await fetch(`${server.origin}/1/indexes/*/queries`, { method: 'OPTIONS' });
    const get = await fetch(`${server.origin}/1/events`);

    expect([options.status, options.headers.get('allow')]).toEqual([204, 'POST, OPTIONS']);
    expect([get.status, get.headers.get('allow'), await get.json()]).toEqual([
      405,
      'POST, OPTIONS',
      { message: 'Method GET is not allowed here', status: 405 },
    ]);
  });
});

describe('per-client rate limit', () => {
  let limited: SearchServer;
  beforeAll(async () => {
    limited = await startSearchServer({ limits: { rateLimit: { burst: 2, perSecond: 1, maxClients: 10 } } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After once the bucket is empty, and the client waits and retries', async () => {
    const impatient = limited.createClient({ maxRateLimitRetries: 0 });
    await searchOne({ query: 'oak' }, impatient);
    await searchOne({ query: 'oak' }, impatient);

    await expect(searchOne({ query: 'oak' }, impatient)).rejects.toMatchObject({ status: 429, message: 'Too many requests, retry later' });
    const raw = await fetch(`${limited.origin}/1/indexes/*/queries`, { method: 'POST', body: '{}' });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const startedAt = Date.now();
    const patient = await searchOne({ query: 'oak' }, limited.client);
    expect(patient.nbHits).toBe(1);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
  });
});
