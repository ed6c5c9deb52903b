import { createHmac, randomBytes } from 'node:crypto';

import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

import { sendError } from './errors.ts';

import type { SharedRateLimitStore } from './rate-limit-store.ts';
import type { Config } from '#server/config.ts';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** With TRUST_PROXY=true `req.ip` is the left-most X-Forwarded-For entry, which the client writes itself: take the one our nearest proxy appended. */
export function clientAddress(req: Request): string {
  const trustsEveryHop = req.app.get('trust proxy') === true;
  return toRateLimitKey((trustsEveryHop ? req.ips.at(-1) : undefined) ?? req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** `::ffff:192.0.2.1` → `192.0.2.1`; other IPv6 addresses count per /64 (`2001:db8:0:1::/64`), the block one subscriber gets. */
export function toRateLimitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  return ip instanceof ipaddr.IPv6
    ? `${ip.parts
        .slice(0, 4)
        .map((part) => part.toString(16))
        .join(':')}::/64`
    : ip.toString();
}

/** With TRUST_PROXY=true every client can choose its own address and X-Forwarded-Host. */
export function warnAboutProxyTrust(config: Pick<Config, 'trustProxy'>, logger: Logger): void {
  if (config.trustProxy !== true) return;
  logger.warn(
    { trustProxy: true, fix: 'TRUST_PROXY=1 (proxies in front of this server) or their addresses/CIDRs, e.g. TRUST_PROXY=10.0.0.0/8' },
    'TRUST_PROXY=true trusts every X-Forwarded-For hop; set a hop count or the proxy subnet',
  );
}

export interface RateLimitOptions {
  /** `burst` per window of burst / perSecond seconds. */
  burst: number;
  perSecond: number;
  /** The least recently seen clients beyond this start afresh, so memory stays flat. */
  maxClients: number;
  message?: string;
  /** With REDIS_URL: count in Redis under `name`, together with every other instance; per instance while Redis is down. */
  shared?: { store: SharedRateLimitStore; name: string } | undefined;
}

/** 429 with Retry-After. Clients are keyed by an HMAC under a secret key (per process, or shared): raw addresses are never kept. */
export function rateLimit({ burst, perSecond, maxClients, message = 'Too many requests, retry later', shared }: RateLimitOptions): RequestHandler {
  const limiter = new RateLimiterMemory({ points: burst, duration: burst / perSecond });
  const clients = new LRUCache<string, true>({
    max: maxClients,
    dispose: (_value, key, reason) => {
      if (reason === 'evict') void limiter.delete(key);
    },
  });
  const salt = randomBytes(32);
  const hash = (key: Buffer, address: string) => createHmac('sha256', key).update(address).digest('base64url');
  const sharedLimiter =
    shared &&
    new RateLimiterRedis({
      storeClient: shared.store.client,
      keyPrefix: `vitrine:rate-limit:${shared.name}`,
      points: burst,
      // Redis expiries are whole seconds.
      duration: Math.max(1, Math.ceil(burst / perSecond)),
      rejectIfRedisNotReady: true,
    });

  const consume = async (address: string): Promise<unknown> => {
    if (shared && sharedLimiter) {
      try {
        return await sharedLimiter.consume(hash(await shared.store.salt(), address));
      } catch (error) {
        if (error instanceof RateLimiterRes) throw error;
        shared.store.fellBack(error);
      }
    }
    const key = hash(salt, address);
    clients.set(key, true);
    return limiter.consume(key);
  };

  return async (req, res, next) => {
    try {
      await consume(clientAddress(req));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return sendError(req, res, 429, message, { 'Retry-After': String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))) });
    }
    next();
  };
}
