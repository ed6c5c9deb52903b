import { sendError } from '#server/middleware/errors.ts';

import type { Request, Response } from 'express';

export class RenderBusyError extends Error {
  override name = 'RenderBusyError';
  readonly reason: 'queue-full' | 'timeout';
  constructor(reason: 'queue-full' | 'timeout') {
    super(reason === 'queue-full' ? 'too many pages are being rendered' : 'no render slot became free in time');
    this.reason = reason;
  }
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout | undefined;
}

export type RenderGate = ReturnType<typeof createRenderGate>;

/**
 * Each render in flight holds its loader data, React tree and stream buffers, so memory grows with how many run at once, while
 * CPU finishes them no sooner (ADR 055). The rest wait first in, first out; `maxWaiting` more get 503 at once. Also the page
 * cache's bound on compressions, with no `maxWaitMs`.
 */
export function createRenderGate(options: { concurrency: number; maxWaiting: number; maxWaitMs?: number }) {
  const concurrency = Math.max(1, options.concurrency);
  const queue: Waiter[] = [];
  let active = 0;

  const slot = () => {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      active -= 1;
      const next = queue.shift();
      if (next) next.start();
    };
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    retryAfterS: Math.max(1, Math.ceil((options.maxWaitMs ?? 0) / 1000)),
    /** Resolves with the slot's idempotent release; rejects with RenderBusyError, or the signal's reason when it aborts first. */
    acquire(signal?: AbortSignal): Promise<() => void> {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      if (active < concurrency && queue.length === 0) {
        active += 1;
        return Promise.resolve(slot());
      }
      if (queue.length >= options.maxWaiting) return Promise.reject(new RenderBusyError('queue-full'));
      return new Promise((resolve, reject) => {
        const leave = (error: unknown) => {
          clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', onAbort);
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(error as Error);
        };
        const onAbort = () => leave(signal?.reason);
        const waiter: Waiter = {
          start() {
            clearTimeout(waiter.timer);
            signal?.removeEventListener('abort', onAbort);
            active += 1;
            resolve(slot());
          },
          timer: options.maxWaitMs === undefined ? undefined : setTimeout(() => leave(new RenderBusyError('timeout')), options.maxWaitMs),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
      });
    },
  };
}

/** The slot is released when the response closes. False when the request must not render: answered 503, or its client left. */
export async function enterRenderGate(gate: RenderGate, req: Request, res: Response): Promise<boolean> {
  const left = new AbortController();
  const onClose = () => left.abort(new Error('client disconnected'));
  res.once('close', onClose);
  try {
    const release = await gate.acquire(left.signal);
    res.off('close', onClose);
    if (res.closed) release();
    else res.once('close', release);
    return !res.closed;
  } catch (error) {
    res.off('close', onClose);
    if (!(error instanceof RenderBusyError)) return false;
    req.log.warn({ reason: error.reason, active: gate.active, waiting: gate.waiting }, 'render gate busy');
    const message = `The server is busy rendering other pages (${error.message}). Please retry in ${gate.retryAfterS} s.`;
    sendError(req, res, 503, message, { 'Retry-After': String(gate.retryAfterS) });
    return false;
  }
}
