import { availableParallelism } from 'node:os';

import { z } from 'zod';

import { int } from '#server/config-helpers.ts';

/** The render gate's variables (ADR 055); meanings in .env.example. */
export const renderEnv = {
  RENDER_CONCURRENCY: z
    .string()
    .default('auto')
    .refine((v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 256), 'must be auto or a whole number from 1 to 256'),
  RENDER_QUEUE_MAX: int(1024, 0, 10_000),
  RENDER_QUEUE_TIMEOUT_MS: int(5000, 100, 60_000),
};

/**
 * auto: 16 renders per core this process may use, at least 16. A slot is held while a render waits on Contentful too, so a small
 * number would let a few slow misses stall every other page; the gate bounds memory, not CPU.
 */
export function toRenderGateConfig(e: { RENDER_CONCURRENCY: string; RENDER_QUEUE_MAX: number; RENDER_QUEUE_TIMEOUT_MS: number; WEB_CONCURRENCY: number }) {
  const share = Math.max(1, availableParallelism() / e.WEB_CONCURRENCY);
  const concurrency = e.RENDER_CONCURRENCY === 'auto' ? Math.max(16, Math.round(16 * share)) : Number(e.RENDER_CONCURRENCY);
  return { concurrency, maxWaiting: e.RENDER_QUEUE_MAX, maxWaitMs: e.RENDER_QUEUE_TIMEOUT_MS };
}
