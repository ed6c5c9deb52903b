import { applyContentChange, createInvalidationBus } from './invalidation-bus.ts';
import { connectRedis } from './redis.ts';

import type { ContentEvents } from '#server/services/content/content-events.ts';
import type { ContentService } from '#server/services/content/content-service.ts';
import type { Replica, SyncTarget } from '#server/services/content/replica.ts';
import type { Logger } from 'pino';

/** The pub/sub channel: instances on the same Contentful space and environment share invalidations (ADR 053). */
export function invalidationChannel(remote: { spaceId: string; environment: string } | undefined): string {
  return `vitrine:invalidate:${remote ? `${remote.spaceId}:${remote.environment}` : 'embedded'}`;
}

/**
 * With REDIS_URL: every instance and worker evicts what a webhook made stale, wherever it arrived, and counts rate limits together.
 * `resync` runs when the bus is back after a drop (what it missed is unknown): it drops cached pages and content, rebuilds embedded search.
 */
export function createCoherence(options: {
  url: string;
  channel: string;
  logger: Logger;
  content: Pick<ContentService, 'invalidate'>;
  events: ContentEvents;
  recheckModel: () => Promise<unknown>;
  resync: () => void;
  /** A replica of a Contentful space: other instances' webhooks make this one sync (ADR 061). */
  replica?: Pick<Replica, 'catchUp'> | undefined;
}) {
  const { content, events, logger } = options;
  const bus = createInvalidationBus({
    url: options.url,
    channel: options.channel,
    logger,
    resync: options.resync,
    apply: async (invalidation) => {
      if (invalidation.kind === 'change') await applyContentChange(content, events, invalidation.change);
      else if (invalidation.kind === 'sync') await options.replica?.catchUp(invalidation.target);
      else await options.recheckModel();
    },
  });
  const limits = connectRedis(options.url, 'rate-limit', logger);
  return {
    /** Its own connection: rate-limit counts never queue behind the bus. */
    rateLimitClient: limits.client,
    /** The content events the webhook emits on: its changes also go to the other instances (published first: they apply in parallel). */
    webhookEvents: (): ContentEvents => ({
      ...events,
      emit: async (change) => {
        void bus.publish({ kind: 'change', change });
        await events.emit(change);
      },
    }),
    /** A content type or locale webhook: every instance checks the content model again. */
    onModelChange:
      <T>(recheck: () => Promise<T>) =>
      (): Promise<T> => {
        void bus.publish({ kind: 'model' });
        return recheck();
      },
    /** A webhook this instance received: every other instance syncs its replica up to the same version. */
    syncOthers: (target: SyncTarget | 'model'): void => void bus.publish(target === 'model' ? { kind: 'model' } : { kind: 'sync', target }),
    status: () => bus.status(),
    close: async (): Promise<void> => {
      await Promise.all([bus.close(), limits.close()]);
    },
  };
}

export type Coherence = ReturnType<typeof createCoherence>;
