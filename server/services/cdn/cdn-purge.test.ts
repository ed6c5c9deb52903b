import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { createCdnPurger, retryAfterMs } from '#server/services/cdn/cdn-purge.ts';
import { CLOUDFLARE_TOKEN, CLOUDFLARE_ZONE, FASTLY_SERVICE, FASTLY_TOKEN, startFakeCdn } from '../../../tests/fakes/fake-cdn/index.ts';
import { createLogCapture } from '../../../tests/fakes/test-app.ts';

import type { CdnPurgeOptions } from '#server/services/cdn/cdn-purge.ts';
import type { FakeCdn } from '../../../tests/fakes/fake-cdn/index.ts';
import type { LogLine } from '../../../tests/fakes/test-app.ts';

/** The purger against the wire-level fakes of Fastly's and Cloudflare's purge APIs; retries wait on a recorded sleep, not the clock. */
let fake: FakeCdn;
beforeEach(async () => {
  fake = await startFakeCdn();
});
afterEach(async () => {
  await fake.close();
});

function purgerFor(provider: 'fastly' | 'cloudflare', options: CdnPurgeOptions = {}) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug', CONTENTFUL_WEBHOOK_SECRET: 'w'.repeat(64), ...fake.env(provider) });
  const logs: LogLine[] = [];
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  if (!config.cdn) throw new Error('CDN_PURGE did not configure a CDN');
  const purger = createCdnPurger(config.cdn, createLogger(config, createLogCapture(logs)), { sleep, ...options });
  return { purger, logs, waits };
}

describe('CDN purge: Fastly', () => {
  it('purges every key in one authenticated batch call', async () => {
    const { purger, logs } = purgerFor('fastly');

    purger.purge(['article-oak', 'vitrine.b1f', 'type.article']);
    await purger.idle();

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: `/service/${FASTLY_SERVICE}/purge` });
    expect(fake.requests[0]?.headers['fastly-key']).toBe(FASTLY_TOKEN);
    expect(fake.requests[0]?.headers['surrogate-key']).toBe('article-oak vitrine.b1f type.article');
    expect(logs.find((l) => l.msg === 'cdn keys purged')).toMatchObject({ keys: 3, attempts: 1 });
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    const { purger, waits, logs } = purgerFor('fastly');
    fake.answerNext({ status: 429, headers: { 'retry-after': '2' }, body: '{"msg":"Rate limit exceeded"}' });

    purger.purge(['article-oak']);
    await purger.idle();

    expect(fake.requests.map((r) => r.headers['surrogate-key'])).toEqual(['article-oak', 'article-oak']);
    expect(waits).toEqual([2000]);
    expect(logs.some((l) => l.msg === 'cdn keys purged' && l['attempts'] === 2)).toBe(true);
  });

  it('logs a purge that keeps failing without throwing, and never logs the token', async () => {
    const { purger, waits, logs } = purgerFor('fastly', { attempts: 3 });
    fake.answerNext({ status: 500, body: 'boom' }, { status: 503, body: 'down' }, { status: 500, body: 'still' });

    purger.purge(['article-oak']);
    await purger.idle();

    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
    expect(logs.find((l) => l.msg === 'cdn purge failed')).toMatchObject({ level: 50, status: 500, detail: 'still', attempts: 3 });
    expect(JSON.stringify(logs)).not.toContain(FASTLY_TOKEN);
  });

  it('does not retry a refusal such as a bad token', async () => {
    const { purger, logs } = purgerFor('fastly');
    fake.answerNext({ status: 401, body: '{"msg":"Provided credentials are missing or invalid"}' });

    purger.purge(['a']);
    await purger.idle();

    expect(fake.requests).toHaveLength(1);
    expect(logs.find((l) => l.msg === 'cdn purge failed')).toMatchObject({ status: 401 });
  });

  it('coalesces keys queued while a call is in flight and collapses an endless backlog into a site purge', async () => {
    const { purger } = purgerFor('fastly', { maxPendingKeys: 5 });

    purger.purge(['a']);
    purger.purge(['b', 'a']);
    await purger.idle();
    purger.purge(['1', '2', '3', '4', '5', '6']);
    await purger.idle();

    // `a` again: the change queued after the first call went out may be newer than what that call purged.
    expect(fake.requests.map((r) => r.headers['surrogate-key'])).toEqual(['a', 'b a', 'vitrine.all']);
  });
});

describe('CDN purge: Cloudflare', () => {
  it('purges tags in batches of 30 with a Bearer token', async () => {
    const { purger, logs } = purgerFor('cloudflare');
    const tags = Array.from({ length: 45 }, (_, i) => `tag${i}`);

    purger.purge(tags);
    await purger.idle();

    expect(fake.requests.map((r) => r.path)).toEqual([`/client/v4/zones/${CLOUDFLARE_ZONE}/purge_cache`, `/client/v4/zones/${CLOUDFLARE_ZONE}/purge_cache`]);
    expect(fake.requests.map((r) => (JSON.parse(r.body) as { tags: string[] }).tags.length)).toEqual([30, 15]);
    expect(fake.requests[0]?.headers['authorization']).toBe(`Bearer ${CLOUDFLARE_TOKEN}`);
    expect(fake.requests[0]?.headers['content-type']).toBe('application/json');
    expect(logs.filter((l) => l.msg === 'cdn keys purged')).toHaveLength(2);
    expect(logs.some((l) => l.msg === 'cdn purge failed')).toBe(false);
  });

  it('treats a 200 whose envelope says success: false as a failure', async () => {
    const { purger, logs } = purgerFor('cloudflare');
    fake.answerNext({ status: 200, body: '{"success":false,"errors":[{"code":1134,"message":"Purge by tag is not available"}]}' });

    purger.purge(['a']);
    await purger.idle();

    expect(logs.find((l) => l.msg === 'cdn purge failed')?.['detail']).toContain('Purge by tag is not available');
    expect(JSON.stringify(logs)).not.toContain(CLOUDFLARE_TOKEN);
  });

  it('retries a network failure', async () => {
    const { purger, waits, logs } = purgerFor('cloudflare');
    await fake.close();
    fake = await startFakeCdn();

    purger.purge(['a']);
    await purger.idle();

    expect(waits).toEqual([1000, 2000, 4000]);
    expect(logs.find((l) => l.msg === 'cdn purge failed')).toMatchObject({ attempts: 4, detail: 'fetch failed' });
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});
