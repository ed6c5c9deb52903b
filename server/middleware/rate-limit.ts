import { createHmac, randomBytes } from 'node:crypto';

import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

import { clientAddress } from './client-address.ts';
import { sendError } from './errors.ts';

import type { RequestHandler } from 'express';

export interface RateLimitOptions {
  /** Requests a client may send at once. */
  burst: number;
  /** Requests per second on average: a client gets `burst` requests per window of burst / perSecond seconds. */
  perSecond: number;
  /** Clients tracked at most; the least recently seen are forgotten (and start afresh), so memory stays flat. */
  maxClients: number;
  /** The 429 answer's message. */
  message?: string;
}

/**
 * The one rate limiter: a window of `burst` requests per client address (see
 * client-address.ts), answered with 429 and Retry-After through sendError.
 * Clients are keyed by an HMAC of their address under a random per-process
 * key, so raw addresses are never kept, not even in memory.
 */
export function rateLimit({ burst, perSecond, maxClients, message = 'Too many requests, retry later' }: RateLimitOptions): RequestHandler {
  const limiter = new RateLimiterMemory({ points: burst, duration: burst / perSecond });
  const clients = new LRUCache<string, true>({
    max: maxClients,
    dispose: (_value, key, reason) => {
      if (reason === 'evict') void limiter.delete(key);
    },
  });
  const salt = randomBytes(32);

  return async (req, res, next) => {
    const key = createHmac('sha256', salt).update(clientAddress(req)).digest('base64url');
    clients.set(key, true);
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfterS = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      return sendError(req, res, 429, message, { 'Retry-After': String(retryAfterS) });
    }
    next();
  };
}
