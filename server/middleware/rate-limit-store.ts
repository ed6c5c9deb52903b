import { randomBytes } from 'node:crypto';

import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** One address-hashing key for all instances, or their counters would not meet. */
const SALT_KEY = 'vitrine:rate-limit:salt';
const WARN_EVERY_MS = 60_000;

/** Rate limits every instance counts together (ADR 053); neither raw addresses nor the key appear in logs. */
export function createSharedRateLimitStore(client: Redis, logger: Logger) {
  let salt: Promise<Buffer> | undefined;
  let warnedAt = -Infinity;
  const loadSalt = async (): Promise<Buffer> => {
    await client.set(SALT_KEY, randomBytes(32).toString('base64'), 'NX');
    const stored = await client.get(SALT_KEY);
    if (!stored) throw new Error(`${SALT_KEY} vanished between SET NX and GET`);
    return Buffer.from(stored, 'base64');
  };
  return {
    client,
    salt(): Promise<Buffer> {
      salt ??= loadSalt().catch((err: unknown) => {
        salt = undefined;
        throw err;
      });
      return salt;
    },
    /** Redis failed a count: this instance counts on its own until Redis answers again; one warning a minute. */
    fellBack(err: unknown): void {
      if (Date.now() - warnedAt < WARN_EVERY_MS) return;
      warnedAt = Date.now();
      logger.warn({ err, module: 'rate-limit' }, 'shared rate limits unavailable (Redis); counting per instance until it is back');
    },
  };
}

export type SharedRateLimitStore = ReturnType<typeof createSharedRateLimitStore>;
