import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { createContentCache } from './content-cache.ts';
import { trackDependencies } from './dependencies.ts';

import type { Loaded } from './content-cache.ts';

const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A load function that counts its calls and answers `value()` (which may throw) after `delayMs`. */
function counter<T>(value: (call: number) => T, deps: string[] = ['e1'], delayMs = 0) {
  let calls = 0;
  const load = async (): Promise<Loaded<T>> => {
    const call = ++calls;
    if (delayMs > 0) await sleep(delayMs);
    return { value: value(call), deps };
  };
  return { load, calls: () => calls };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createContentCache', () => {
  it('loads once and serves the value from the cache while it is fresh', async () => {
    const cache = createContentCache({ ttlMs: 60_000, maxBytes: 1e6, logger });
    const source = counter((n) => `v${n}`);

    expect(await cache.get('k', source.load)).toBe('v1');
    expect(await cache.get('k', source.load)).toBe('v1');
    expect(source.calls()).toBe(1);
  });

  it('answers fresh() with a fresh value and its deps, and leaves missing, loading and stale keys to get()', async () => {
    const cache = createContentCache({ ttlMs: 100, maxBytes: 1e6, logger });
    const source = counter((n) => `v${n}`, ['e1', 'type:article'], 10);

    expect(cache.fresh('k')).toBeUndefined();
    const loading = cache.get('k', source.load);
    expect(cache.fresh('k')).toBeUndefined();
    await loading;
    const { result, deps } = await trackDependencies(async () => cache.fresh('k'));
    expect(result).toEqual({ value: 'v1' });
    expect([...deps]).toEqual(['e1', 'type:article']);

    await sleep(110);
    expect(cache.fresh('k')).toBeUndefined();
    // Stale: get() still answers at once with the old value and refreshes it.
    expect(await cache.get('k', source.load)).toBe('v1');
    await sleep(30);
    expect(cache.fresh('k')).toEqual({ value: 'v2' });
    expect(source.calls()).toBe(2);
  });

  it('coalesces concurrent misses for one key into one load', async () => {
    const cache = createContentCache({ ttlMs: 60_000, maxBytes: 1e6, logger });
    const source = counter((n) => `v${n}`, ['e1'], 20);

    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', source.load)));

    expect(new Set(values)).toEqual(new Set(['v1']));
    expect(source.calls()).toBe(1);
  });

  it('serves the stale value at once after the TTL and refreshes it once in the background', async () => {
    const cache = createContentCache({ ttlMs: 30, maxBytes: 1e6, logger });
    const source = counter((n) => `v${n}`, ['e1'], 200);
    await cache.get('k', source.load);
    await sleep(40);

    const started = performance.now();
    const stale = await Promise.all([cache.get('k', source.load), cache.get('k', source.load), cache.get('k', source.load)]);
    const elapsedMs = performance.now() - started;
    await sleep(250);

    expect(stale).toEqual(['v1', 'v1', 'v1']);
    expect(elapsedMs).toBeLessThan(100);
    expect(source.calls()).toBe(2);
    expect(await cache.get('k', source.load)).toBe('v2');
  });

  it('keeps serving the stale value while refreshes fail (stale-if-error)', async () => {
    const cache = createContentCache({ ttlMs: 20, maxBytes: 1e6, logger });
    let failing = false;
    const source = counter((n) => {
      if (failing) throw new Error('upstream down');
      return `v${n}`;
    });
    await cache.get('k', source.load);
    failing = true;
    await sleep(30);

    expect(await cache.get('k', source.load)).toBe('v1');
    await sleep(5);
    expect(await cache.get('k', source.load)).toBe('v1');
    failing = false;
    await sleep(5);
    await cache.get('k', source.load);
    await sleep(5);

    expect(await cache.get('k', source.load)).toMatch(/^v[3-9]$/);
  });

  it('rejects when a key that was never loaded fails, and tries again next time', async () => {
    const cache = createContentCache({ ttlMs: 60_000, maxBytes: 1e6, logger });
    const source = counter((n) => {
      if (n === 1) throw new Error('upstream down');
      return `v${n}`;
    });

    await expect(cache.get('k', source.load)).rejects.toThrow('upstream down');
    expect(await cache.get('k', source.load)).toBe('v2');
  });

  it('drops exactly the keys built from the invalidated ids', async () => {
    const cache = createContentCache({ ttlMs: 60_000, maxBytes: 1e6, logger });
    await cache.get('article:a', counter(() => 'a', ['article-a', 'person-1', 'type:article']).load);
    await cache.get('article:b', counter(() => 'b', ['article-b', 'type:article']).load);
    await cache.get('model:m', counter(() => 'm', ['model-m', 'type:model']).load);
    await cache.get('person-card', counter(() => 'p', ['person-1']).load);

    const dropped = cache.invalidate(['person-1']);

    expect(dropped.sort()).toEqual(['article:a', 'person-card']);
    expect(cache.size).toBe(2);
    expect(cache.invalidate(['person-1'])).toEqual([]);
    expect(cache.invalidate(['type:article'])).toEqual(['article:b']);
    expect(cache.invalidate(['unknown'])).toEqual([]);
  });

  it('loads again after an invalidation', async () => {
    const cache = createContentCache({ ttlMs: 60_000, maxBytes: 1e6, logger });
    const source = counter((n) => `v${n}`);
    await cache.get('k', source.load);

    cache.invalidate(['e1']);

    expect(await cache.get('k', source.load)).toBe('v2');
  });

  it('still invalidates a key after a background refresh replaced its value', async () => {
    const cache = createContentCache({ ttlMs: 20, maxBytes: 1e6, logger });
    const source = counter((n) => `v${n}`);
    await cache.get('k', source.load);
    await sleep(30);
    await cache.get('k', source.load);
    await sleep(5);
    expect(await cache.get('k', source.load)).toBe('v2');

    expect(cache.invalidate(['e1'])).toEqual(['k']);
    expect(await cache.get('k', source.load)).toBe('v3');
  });

  it('tracks the deps of the refreshed value, not those of the value it replaced', async () => {
    const cache = createContentCache({ ttlMs: 20, maxBytes: 1e6, logger });
    let deps = ['old-link'];
    await cache.get('k', async () => ({ value: 1, deps }));
    await sleep(30);
    deps = ['new-link'];
    await cache.get('k', async () => ({ value: 2, deps }));
    await sleep(5);

    expect(cache.invalidate(['old-link'])).toEqual([]);
    expect(cache.invalidate(['new-link'])).toEqual(['k']);
  });

  it('does not cache a refresh that was still loading when its key was invalidated', async () => {
    const cache = createContentCache({ ttlMs: 20, maxBytes: 1e6, logger });
    await cache.get('k', async () => ({ value: 'before', deps: ['e1'] }));
    await sleep(30);
    const slow = deferred<Loaded<string>>();
    expect(await cache.get('k', () => slow.promise)).toBe('before');

    cache.invalidate(['e1']);
    slow.resolve({ value: 'loaded before the change', deps: ['e1'] });
    await sleep(5);

    expect(await cache.get('k', async () => ({ value: 'after', deps: ['e1'] }))).toBe('after');
  });

  it('stays within its byte budget, evicting the least recently used', async () => {
    const cache = createContentCache({ ttlMs: 60_000, maxBytes: 10_000, logger });
    const big = 'x'.repeat(3_000);
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.get(key, async () => ({ value: big, deps: [`dep-${key}`] }));

    expect(cache.calculatedSize).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(3);
    expect(cache.invalidate(['dep-a', 'dep-b'])).toEqual([]);
    expect(cache.invalidate(['dep-e'])).toEqual(['e']);
  });

  it('returns a value larger than the whole budget without keeping it', async () => {
    const cache = createContentCache({ ttlMs: 60_000, maxBytes: 1_000, logger });
    const source = counter(() => 'x'.repeat(5_000));

    expect(await cache.get('huge', source.load)).toHaveLength(5_000);
    expect(await cache.get('huge', source.load)).toHaveLength(5_000);
    expect(source.calls()).toBe(2);
    expect(cache.calculatedSize).toBe(0);
  });

  it('caches nothing with a TTL of 0', async () => {
    const cache = createContentCache({ ttlMs: 0, maxBytes: 1e6, logger });
    const source = counter((n) => `v${n}`);

    await cache.get('k', source.load);
    await cache.get('k', source.load);

    expect(source.calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('forgets everything on clear', async () => {
    const cache = createContentCache({ ttlMs: 60_000, maxBytes: 1e6, logger });
    await cache.get('k', counter(() => 1).load);

    cache.clear();

    expect(cache.size).toBe(0);
    expect(cache.invalidate(['e1'])).toEqual([]);
  });
});
