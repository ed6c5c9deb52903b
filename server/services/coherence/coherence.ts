import { createInvalidationBus } from './invalidation-bus.ts';
import { connectRedis } from './redis.ts';

import type { Replica, SyncTarget } from '#server/services/content/replica.ts';
import type { Logger } from 'pino';

export function invalidationChannel(remote: { spaceId: string; environment: string } | undefined): string {
  return `vitrine:invalidate:${remote ? `${remote.spaceId}:${remote.environment}` : 'embedded'}`;
}

/** `resync` runs when the bus is back after a drop (what it missed is unknown). */
export function createCoherence(options: {
  url: string;
  channel: string;
  logger: Logger;
  recheckModel: () => Promise<unknown>;
  resync: () => void;
  replica: Pick<Replica, 'catchUp'>;
}) {
  const { logger } = options;
  const bus = createInvalidationBus({
    url: options.url,
    channel: options.channel,
    logger,
    resync: options.resync,
    apply: async (invalidation) => {
      if (invalidation.kind === 'sync') await options.replica.catchUp(invalidation.target);
      else await options.recheckModel();
    },
  });
  const limits = connectRedis(options.url, 'rate-limit', logger);
  return {
    /** Its own connection: rate-limit counts never queue behind the bus. */
    rateLimitClient: limits.client,
    syncOthers: (target: SyncTarget | 'model'): void => void bus.publish(target === 'model' ? { kind: 'model' } : { kind: 'sync', target }),
    status: () => bus.status(),
    close: async (): Promise<void> => {
      await Promise.all([bus.close(), limits.close()]);
    },
  };
}

export type Coherence = ReturnType<typeof createCoherence>;
