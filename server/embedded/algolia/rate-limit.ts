import { LRUCache } from 'lru-cache';

export interface RateLimitOptions {
  /** Requests a client may send at once (bucket size). */
  burst: number;
  /** Requests per second a client earns back. */
  perSecond: number;
  /** Clients tracked at most; the least recently seen are forgotten (and start with a full bucket). */
  maxClients: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(clientKey: string): RateLimitDecision;
}

interface Bucket {
  tokens: number;
  updatedAtMs: number;
}

/** A token bucket per client in a bounded LRU, so memory stays flat whatever the number of clients. */
export function createRateLimiter(options: RateLimitOptions, now: () => number = Date.now): RateLimiter {
  const buckets = new LRUCache<string, Bucket>({ max: options.maxClients });
  return {
    take(clientKey) {
      const nowMs = now();
      const bucket = buckets.get(clientKey) ?? { tokens: options.burst, updatedAtMs: nowMs };
      const refilled = Math.min(options.burst, bucket.tokens + ((nowMs - bucket.updatedAtMs) / 1000) * options.perSecond);
      if (refilled >= 1) {
        buckets.set(clientKey, { tokens: refilled - 1, updatedAtMs: nowMs });
        return { allowed: true };
      }
      buckets.set(clientKey, { tokens: refilled, updatedAtMs: nowMs });
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - refilled) / options.perSecond)) };
    },
  };
}
