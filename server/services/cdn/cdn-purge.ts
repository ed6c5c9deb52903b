import { setTimeout as sleepFor } from 'node:timers/promises';

import { purgeProvider } from '#server/services/cdn/providers.ts';
import { SITE_KEY } from '#server/services/cdn/surrogate-keys.ts';

import type { CdnConfig } from '#server/config-cdn.ts';
import type { Logger } from 'pino';

export interface CdnPurgeOptions {
  timeoutMs?: number;
  attempts?: number;
  /** Longer Retry-After asks wait this long. */
  maxRetryAfterMs?: number;
  /** Keys waiting beyond this collapse into one purge of SITE_KEY. */
  maxPendingKeys?: number;
  sleep?: (ms: number) => Promise<void>;
}

type Attempt = { ok: true } | { ok: false; retryable: boolean; retryAfterMs?: number | undefined; status?: number; detail: string };

const unrefSleep = (ms: number) => sleepFor(ms, undefined, { ref: false });

export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** ADR 052. 429, 5xx and network errors are retried (Retry-After, else 1 s, 2 s, 4 s…), then logged, never thrown. The token is never logged. */
export function createCdnPurger(config: CdnConfig, logger: Logger, options: CdnPurgeOptions = {}) {
  const { timeoutMs = 5000, attempts = 4, maxRetryAfterMs = 30_000, maxPendingKeys = 10_000, sleep = unrefSleep } = options;
  const provider = purgeProvider(config);
  const log = logger.child({ module: 'cdn-purge', cdn: config.provider });
  const pending = new Set<string>();
  let running: Promise<void> | undefined;

  async function attempt(keys: readonly string[]): Promise<Attempt> {
    const { url, init } = provider.request(keys);
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const body = await res.text();
      if (res.ok && provider.succeeded(body)) return { ok: true };
      const retryable = res.status === 429 || res.status >= 500;
      return { ok: false, retryable, retryAfterMs: retryAfterMs(res.headers.get('retry-after')), status: res.status, detail: body.slice(0, 300) };
    } catch (error) {
      // A timeout or refused connection: the purge may or may not have happened, and purging twice is harmless.
      return { ok: false, retryable: true, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async function send(keys: readonly string[]): Promise<void> {
    for (let n = 1; ; n++) {
      const result = await attempt(keys);
      if (result.ok) return void log.info({ keys: keys.length, attempts: n }, 'cdn keys purged');
      const { status, detail } = result;
      if (!result.retryable || n >= attempts) return void log.error({ status, detail, keys, attempts: n }, 'cdn purge failed');
      const wait = Math.min(maxRetryAfterMs, result.retryAfterMs ?? 1000 * 2 ** (n - 1));
      log.warn({ status, detail, waitMs: wait, attempt: n }, 'cdn purge will be retried');
      await sleep(wait);
    }
  }

  async function drain(): Promise<void> {
    while (pending.size > 0) {
      const batch = [...pending].slice(0, provider.batchSize);
      for (const key of batch) pending.delete(key);
      await send(batch);
    }
  }

  const kick = (): void => {
    running ??= drain().finally(() => {
      running = undefined;
      if (pending.size > 0) kick();
    });
  };

  return {
    /** Returns at once: the webhook's answer never waits for the CDN. */
    purge(keys: Iterable<string>): void {
      for (const key of keys) pending.add(key);
      if (pending.size > maxPendingKeys) {
        log.warn({ keys: pending.size }, 'cdn purge backlog too long: purging the whole site instead');
        pending.clear();
        pending.add(SITE_KEY);
      }
      if (pending.size > 0) kick();
    },
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}
