import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../../tests/fakes/contentful-app.ts';
import { waitForRequestLog } from '../../tests/fakes/test-app.ts';

import type { ContentTestApp } from '../../tests/fakes/contentful-app.ts';

/**
 * A burst of misses for one page (the cache just cleared under traffic) renders it once: the other requests wait for that
 * render's store and answer from the page cache (ADR 059). The real app over the embedded demo space.
 */
const HOST = 'vitrine.test';

let t: ContentTestApp;
beforeAll(async () => {
  t = await createContentTestApp({}, { captureLogs: true });
}, 60_000);
afterAll(() => t.services.close());

async function burst(path: string, count: number) {
  const responses = await Promise.all(Array.from({ length: count }, () => request(t.app).get(path).set('Host', HOST)));
  const statuses = await Promise.all(
    responses.map(async (res) => (await waitForRequestLog(t.logs, res.headers['x-request-id'] as string, 5000))['cache'] as string),
  );
  return { responses, statuses };
}

const count = (values: string[], value: string) => values.filter((v) => v === value).length;

describe('concurrent misses for one page', () => {
  it('render it once; the others answer with the stored page', async () => {
    const { responses, statuses } = await burst('/articles/oak-ash-walnut', 20);

    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(count(statuses, 'MISS')).toBe(1);
    expect(count(statuses, 'COALESCED')).toBeGreaterThan(0);
    expect(count(statuses, 'COALESCED') + count(statuses, 'HIT')).toBe(19);
    const rendered = responses[statuses.indexOf('MISS')]!;
    const joined = responses.filter((_, i) => statuses[i] !== 'MISS');
    // The stored page is the rendered one without its nonce, with the same ETag.
    for (const res of joined) {
      expect(res.text).toBe(rendered.text.replaceAll(/ nonce="[^"]+"/g, ''));
      expect(res.headers['etag']).toBe(rendered.headers['etag']);
    }
  });

  it('render it per request when the first render stores nothing (a 404 is never stored)', async () => {
    const { responses, statuses } = await burst('/articles/no-such-article', 8);

    expect(responses.map((res) => res.status)).toEqual(Array(8).fill(404));
    expect(count(statuses, 'COALESCED')).toBe(0);
    expect(count(statuses, 'MISS')).toBe(8);
  });

  it('never joins a request that bypasses the page cache', async () => {
    const { responses, statuses } = await burst('/search?q=lamp', 6);

    expect(responses.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(statuses).toEqual(Array(6).fill('BYPASS'));
  });
});
