import { Redis } from 'ioredis';

import type { Logger } from 'pino';

/** Reconnect delays: 100 ms doubling to 5 s, with jitter so a fleet does not reconnect in step after a Redis restart. */
export function reconnectDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(5_000, 100 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.75 + random() * 0.5));
}

/** The URL's credentials never reach a log. */
export function redactRedisUrl(url: string): string {
  if (!URL.canParse(url)) return 'redis://(invalid URL)';
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

export type RedisState = 'connecting' | 'ready' | 'down' | 'closed';

/** Commands fail at once while it is down and after 500 ms when it hangs, so a request never waits on Redis for long. */
export function connectRedis(url: string, role: string, logger: Logger) {
  const log = logger.child({ module: 'redis', role, redis: redactRedisUrl(url) });
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: 500,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => reconnectDelayMs(attempt),
  });
  let state: RedisState = 'connecting';
  let since = Date.now();
  const enter = (next: RedisState, detail?: { err: unknown }) => {
    if (next === state) return;
    if (next === 'ready') log.info({ downMs: state === 'down' ? Date.now() - since : undefined }, 'redis connected');
    else if (next === 'down') log.warn(detail ?? {}, 'redis unreachable; retrying with back-off');
    state = next;
    since = Date.now();
  };
  client.on('ready', () => enter('ready'));
  client.on('error', (err: unknown) => enter('down', { err }));
  client.on('close', () => {
    if (state !== 'closed') enter('down');
  });
  client.connect().catch((err: unknown) => enter('down', { err }));
  return {
    client,
    state: (): RedisState => state,
    close: async (): Promise<void> => {
      state = 'closed';
      await client.quit().catch(() => client.disconnect());
    },
  };
}

export type RedisConnection = ReturnType<typeof connectRedis>;
