import { describe, expect, it } from 'vitest';

import { createRateLimiter } from './rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows a burst, then refuses with the seconds until the next token', () => {
    let nowMs = 0;
    const limiter = createRateLimiter({ burst: 2, perSecond: 0.5, maxClients: 10 }, () => nowMs);

    const decisions = [limiter.take('a'), limiter.take('a'), limiter.take('a')];
    nowMs = 1000;
    const later = limiter.take('a');
    nowMs = 2000;
    const refilled = limiter.take('a');

    expect(decisions).toEqual([{ allowed: true }, { allowed: true }, { allowed: false, retryAfterSeconds: 2 }]);
    expect(later).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(refilled).toEqual({ allowed: true });
  });

  it('keeps a bucket per client', () => {
    const limiter = createRateLimiter({ burst: 1, perSecond: 1, maxClients: 10 }, () => 0);

    expect([limiter.take('a'), limiter.take('b'), limiter.take('a')].map((d) => d.allowed)).toEqual([true, true, false]);
  });

  it('forgets the least recently seen client beyond maxClients', () => {
    const limiter = createRateLimiter({ burst: 1, perSecond: 1, maxClients: 2 }, () => 0);
    limiter.take('a');
    limiter.take('b');
    limiter.take('c');

    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('c').allowed).toBe(false);
  });
});
