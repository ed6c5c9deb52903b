import { describe, expect, it } from 'vitest';

import { checkTimestamp, createReplayGuard } from './contentful-webhook.ts';

const NOW = 1_760_000_000_000;
const WINDOW = { ttlMs: 30_000, maxFutureSkewMs: 5_000 };

describe('checkTimestamp', () => {
  it.each([
    ['now', String(NOW)],
    ['29.9 s old', String(NOW - 29_900)],
    ['5 s ahead', String(NOW + 5_000)],
    ['padded with spaces', ` ${NOW} `],
  ])('accepts a stamp %s', (_what, raw) => {
    expect(checkTimestamp(raw, NOW, WINDOW)).toBeUndefined();
  });

  it.each([
    ['30 s old', String(NOW - 30_000), 'expired'],
    ['a day old', String(NOW - 86_400_000), 'expired'],
    ['5.001 s ahead', String(NOW + 5_001), 'future'],
    ['a day ahead', String(NOW + 86_400_000), 'future'],
    ['in seconds, not milliseconds', String(NOW / 1000), 'malformed'],
    ['with trailing text', `${NOW}abc`, 'malformed'],
    ['negative', `-${NOW}`, 'malformed'],
    ['a float', `${NOW}.5`, 'malformed'],
    ['empty', '', 'malformed'],
  ])('refuses a stamp %s', (_what, raw, reason) => {
    expect(checkTimestamp(raw, NOW, WINDOW)).toBe(reason);
  });
});

describe('createReplayGuard', () => {
  it('accepts a signature once while it is valid', () => {
    const guard = createReplayGuard({ maxEntries: 10 });

    expect(guard.claim('a', NOW + 30_000, NOW)).toBe('fresh');
    expect(guard.claim('a', NOW + 30_000, NOW + 29_999)).toBe('replay');
    expect(guard.claim('b', NOW + 30_000, NOW)).toBe('fresh');
  });

  it('forgets a signature once its window has passed', () => {
    const guard = createReplayGuard({ maxEntries: 10 });
    guard.claim('a', NOW + 30_000, NOW);

    expect(guard.claim('a', NOW + 60_000, NOW + 30_000)).toBe('fresh');
  });

  it('holds at most maxEntries, sweeping expired ones before refusing', () => {
    const guard = createReplayGuard({ maxEntries: 3 });
    for (const signature of ['a', 'b', 'c']) guard.claim(signature, NOW + 1_000, NOW);

    const whileFull = guard.claim('d', NOW + 1_000, NOW + 500);
    const afterExpiry = guard.claim('e', NOW + 31_000, NOW + 1_000);

    expect(whileFull).toBe('full');
    expect(afterExpiry).toBe('fresh');
    expect(guard.size).toBe(1);
  });
});
