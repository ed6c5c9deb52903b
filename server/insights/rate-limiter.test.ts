import { describe, expect, it } from 'vitest';

import { createRateLimiter } from './rate-limiter.ts';

describe('createRateLimiter', () => {
  it('allows a burst, then refuses with a Retry-After until tokens refill', () => {
    let now = 0;
    const limiter = createRateLimiter({ burst: 3, perSecond: 0.5, now: () => now });

    const burst = [1, 2, 3].map(() => limiter.take('203.0.113.9').allowed);
    const refused = limiter.take('203.0.113.9');
    now += 2000;
    const afterRefill = limiter.take('203.0.113.9');

    expect(burst).toEqual([true, true, true]);
    expect(refused).toEqual({ allowed: false, retryAfterS: 2 });
    expect(afterRefill.allowed).toBe(true);
  });

  it('keeps clients apart', () => {
    const limiter = createRateLimiter({ burst: 1, perSecond: 0.01, now: () => 0 });

    expect(limiter.take('203.0.113.9').allowed).toBe(true);
    expect(limiter.take('203.0.113.9').allowed).toBe(false);
    expect(limiter.take('198.51.100.7').allowed).toBe(true);
  });

  it('forgets the least recently seen clients beyond its bound', () => {
    const limiter = createRateLimiter({ burst: 1, perSecond: 0.01, maxClients: 2, now: () => 0 });

    limiter.take('a');
    limiter.take('b');
    limiter.take('c');

    // "a" was evicted, so it starts with a full bucket again; "c" is still empty.
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('c').allowed).toBe(false);
  });
});
