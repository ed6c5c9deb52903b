import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';

import { createUpstreamGuard, UpstreamUnavailableError } from './upstream-guard.ts';

import type { UpstreamGuardOptions } from './upstream-guard.ts';

/**
 * The guard with scripted attempts (axios errors as axios's HTTP adapter
 * raises them); the wire-level behaviour is in tests/security/upstream-faults.test.ts.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function guardWith(overrides: Partial<UpstreamGuardOptions> = {}) {
  return createUpstreamGuard({ maxConcurrency: 4, breaker: { failures: 3, cooldownMs: 300 }, timeoutMs: 1000, retryLimit: 2, ...overrides });
}

function httpError(status: number, headers: Record<string, string> = {}): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    `Request failed with status code ${status}`,
    status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: '',
      headers: new AxiosHeaders(headers),
      config,
      data: '',
    },
  );
}

/** An attempt that answers like `script` (one entry per call, the last repeats) and counts its calls. */
function scripted(...script: Array<'ok' | 'hang' | AxiosError>) {
  const calls = { count: 0, active: 0, peak: 0 };
  const attempt = async (signal: AbortSignal) => {
    const step = script[Math.min(calls.count, script.length - 1)];
    calls.count++;
    calls.active++;
    calls.peak = Math.max(calls.peak, calls.active);
    try {
      if (step === 'ok') {
        await sleep(5);
        return 'ok';
      }
      if (step === 'hang') {
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new AxiosError('canceled', 'ERR_CANCELED')), { once: true }));
      }
      throw step;
    } finally {
      calls.active--;
    }
  };
  return { attempt, calls };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );
}

const inMs = (ms: number) => Date.now() + ms;

describe('createUpstreamGuard: retries', () => {
  it('retries a 5xx and returns the answer', async () => {
    const { attempt, calls } = scripted(httpError(503), 'ok');

    expect(await guardWith().run(attempt, inMs(2000))).toBe('ok');
    expect(calls.count).toBe(2);
  });

  it('neither retries nor counts a 4xx other than 429', async () => {
    const guard = guardWith({ breaker: { failures: 1, cooldownMs: 300 } });
    const { attempt, calls } = scripted(httpError(400));

    const error = await failure(guard.run(attempt, inMs(2000)));

    expect(error).toBeInstanceOf(AxiosError);
    expect(calls.count).toBe(1);
    expect(guard.circuit).toBe('closed');
  });

  it('gives up after retryLimit retries', async () => {
    const { attempt, calls } = scripted(httpError(500));

    const error = await failure(guardWith({ breaker: { failures: 100, cooldownMs: 300 } }).run(attempt, inMs(5000)));

    expect(error).toMatchObject({ name: 'UpstreamUnavailableError', reason: 'upstream-failed', retryAfterMs: 300 });
    expect(calls.count).toBe(3);
  });

  it('waits out a short X-Contentful-RateLimit-Reset, and holds back other calls meanwhile', async () => {
    const guard = guardWith();
    const limited = scripted(httpError(429, { 'x-contentful-ratelimit-reset': '0.2' }), 'ok');
    const other = scripted('ok');

    const started = Date.now();
    const first = guard.run(limited.attempt, inMs(2000));
    await sleep(20);
    const second = guard.run(other.attempt, inMs(2000));
    await Promise.all([first, second]);

    expect(limited.calls.count).toBe(2);
    expect(other.calls.count).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
  });

  it('does not wait for a Retry-After longer than the remaining budget', async () => {
    const guard = guardWith();
    const { attempt, calls } = scripted(httpError(429, { 'retry-after': '30' }), 'ok');

    const started = Date.now();
    const error = await failure(guard.run(attempt, inMs(1000)));
    const next = await failure(guard.run(scripted('ok').attempt, inMs(1000)));

    expect(error).toMatchObject({ reason: 'rate-limited', retryAfterMs: 30_000 });
    expect(next).toMatchObject({ reason: 'rate-limited' });
    expect((next as UpstreamUnavailableError).retryAfterMs).toBeGreaterThan(29_000);
    expect(calls.count).toBe(1);
    expect(Date.now() - started).toBeLessThan(150);
  });
});

describe('createUpstreamGuard: time limits', () => {
  it('cuts an attempt off after timeoutMs and retries within the budget', async () => {
    const { attempt, calls } = scripted('hang', 'ok');

    const started = Date.now();
    expect(await guardWith({ timeoutMs: 100 }).run(attempt, inMs(2000))).toBe('ok');
    expect(calls.count).toBe(2);
    expect(Date.now() - started).toBeLessThan(100 + 200 + 100);
  });

  it('gives up at the deadline, not after timeoutMs', async () => {
    const { attempt, calls } = scripted('hang');

    const started = Date.now();
    const error = await failure(guardWith({ timeoutMs: 5000 }).run(attempt, inMs(200)));

    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(Date.now() - started).toBeLessThan(200 + 150);
    expect(calls.count).toBe(1);
    expect(calls.active).toBe(0);
  });
});

describe('createUpstreamGuard: circuit breaker', () => {
  it('opens after consecutive failures and then fails fast without calling upstream', async () => {
    const guard = guardWith({ retryLimit: 0 });
    const failing = scripted(httpError(500));
    for (let i = 0; i < 3; i++) await failure(guard.run(failing.attempt, inMs(1000)));
    const later = scripted('ok');

    const started = Date.now();
    const error = await failure(guard.run(later.attempt, inMs(1000)));

    expect(guard.circuit).toBe('open');
    expect(error).toMatchObject({ reason: 'circuit-open' });
    expect((error as UpstreamUnavailableError).retryAfterMs).toBeLessThanOrEqual(300);
    expect(later.calls.count).toBe(0);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('lets exactly one probe through after the cool-down and closes when it succeeds', async () => {
    const guard = guardWith({ retryLimit: 0 });
    const failing = scripted(httpError(500));
    for (let i = 0; i < 3; i++) await failure(guard.run(failing.attempt, inMs(1000)));
    await sleep(320);
    const probe = scripted('ok');
    const others = scripted('ok');

    const results = await Promise.allSettled([guard.run(probe.attempt, inMs(1000)), ...Array.from({ length: 5 }, () => guard.run(others.attempt, inMs(1000)))]);
    const after = await guard.run(others.attempt, inMs(1000));

    expect(results[0]).toMatchObject({ status: 'fulfilled', value: 'ok' });
    expect(results.slice(1).every((r) => r.status === 'rejected' && (r.reason as UpstreamUnavailableError).reason === 'circuit-open')).toBe(true);
    expect(probe.calls.count).toBe(1);
    expect(after).toBe('ok');
    expect(others.calls.count).toBe(1);
    expect(guard.circuit).toBe('closed');
  });

  it('opens again when the probe fails', async () => {
    const guard = guardWith({ retryLimit: 0 });
    const failing = scripted(httpError(502));
    for (let i = 0; i < 3; i++) await failure(guard.run(failing.attempt, inMs(1000)));
    await sleep(320);

    await failure(guard.run(failing.attempt, inMs(1000)));

    expect(guard.circuit).toBe('open');
    expect(failing.calls.count).toBe(4);
  });
});

describe('createUpstreamGuard: concurrency', () => {
  it('keeps at most maxConcurrency attempts in flight', async () => {
    const guard = guardWith({ maxConcurrency: 2 });
    const { attempt, calls } = scripted('ok');

    await Promise.all(Array.from({ length: 10 }, () => guard.run(attempt, inMs(2000))));

    expect(calls.count).toBe(10);
    expect(calls.peak).toBe(2);
  });

  it('releases a waiting call at its deadline, and never starts it', async () => {
    const guard = guardWith({ maxConcurrency: 1, timeoutMs: 1000, breaker: { failures: 100, cooldownMs: 300 } });
    const busy = scripted('hang');
    const waiting = scripted('ok');
    const holder = failure(guard.run(busy.attempt, inMs(600)));

    const started = Date.now();
    const error = await failure(guard.run(waiting.attempt, inMs(150)));
    const waitedMs = Date.now() - started;
    await holder;

    expect(error).toMatchObject({ reason: 'deadline' });
    expect(waitedMs).toBeLessThan(150 + 150);
    expect(waiting.calls.count).toBe(0);
  });

  it('fails at once when the queue is full', async () => {
    const guard = guardWith({ maxConcurrency: 1, maxQueued: 1 });
    const busy = scripted('hang');
    const pending = [failure(guard.run(busy.attempt, inMs(300))), failure(guard.run(busy.attempt, inMs(300)))];

    const error = await failure(guard.run(scripted('ok').attempt, inMs(300)));
    await Promise.all(pending);

    expect(error).toMatchObject({ reason: 'queue-full' });
  });
});
