import { createHmac, randomBytes } from 'node:crypto';

import { LRUCache } from 'lru-cache';

export interface RateLimiterOptions {
  /**
   * Requests a client may send in a burst. Default 120: a page load sends
   * about two batches, and many visitors can share one address behind NAT.
   */
  burst?: number;
  /** Requests per second refilled after a burst. Default 2. */
  perSecond?: number;
  /** Clients tracked at once; the least recently seen are forgotten first. Default 10 000. */
  maxClients?: number;
  now?: () => number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterS: number };

export interface RateLimiter {
  take(clientAddress: string): RateDecision;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * A token bucket per client in a bounded LRU. Clients are keyed by an HMAC
 * of their address under a random per-process key, so the raw IP is never
 * kept, not even in memory, and the keys mean nothing after a restart.
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const { burst = 120, perSecond = 2, maxClients = 10_000, now = Date.now } = options;
  const salt = randomBytes(32);
  const fullAfterMs = Math.ceil((burst / perSecond) * 1000);
  // A bucket idle long enough to refill completely carries no information: let it expire.
  const buckets = new LRUCache<string, Bucket>({ max: maxClients, ttl: fullAfterMs, perf: { now } });

  return {
    take(clientAddress) {
      const key = createHmac('sha256', salt).update(clientAddress).digest('base64url');
      const at = now();
      const previous = buckets.get(key);
      const refilled = previous ? Math.min(burst, previous.tokens + ((at - previous.updatedAt) / 1000) * perSecond) : burst;
      if (refilled < 1) {
        buckets.set(key, { tokens: refilled, updatedAt: at });
        return { allowed: false, retryAfterS: Math.max(1, Math.ceil((1 - refilled) / perSecond)) };
      }
      buckets.set(key, { tokens: refilled - 1, updatedAt: at });
      return { allowed: true };
    },
  };
}
