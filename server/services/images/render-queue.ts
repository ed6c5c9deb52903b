/** Why a render was refused: the queue was full, or the render did not finish within the deadline. */
export class ImageBusyError extends Error {
  readonly reason: 'queue-full' | 'timeout';
  constructor(reason: 'queue-full' | 'timeout') {
    super(reason === 'queue-full' ? 'image render queue is full' : 'image render timed out');
    this.name = 'ImageBusyError';
    this.reason = reason;
  }
}

export interface RenderQueue {
  /**
   * Runs `task` when a slot is free (and, for a `heavy` task, a heavy slot).
   * Rejects with `ImageBusyError` at once when `maxWaiting` tasks already
   * wait, and if it is still waiting at `deadlineAt` (a `performance.now()`
   * time): a render nobody waits for any more is never started.
   */
  run<T>(task: () => Promise<T>, deadlineAt: number, heavy?: boolean): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export interface RenderQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting for a slot; more are refused. */
  maxWaiting: number;
  /** Heavy tasks (AVIF encodes: about 4x the memory and CPU of the others) running at once. Default: `concurrency`. */
  maxHeavy?: number;
}

interface Waiter {
  heavy: boolean;
  start(): void;
  timer: NodeJS.Timeout;
}

/**
 * A bounded queue in front of sharp (issue 12): at most `concurrency` renders
 * run, `maxHeavy` of them heavy, at most `maxWaiting` wait, and none waits
 * past its deadline. Waiters start in arrival order, except that a heavy one
 * lets lighter ones behind it pass while the heavy slots are taken.
 * p-limit has neither a queue bound nor per-task deadlines, which are the
 * point here, hence these few lines.
 */
export function createRenderQueue(options: RenderQueueOptions): RenderQueue {
  const concurrency = Math.max(1, options.concurrency);
  const maxHeavy = Math.max(1, Math.min(concurrency, options.maxHeavy ?? concurrency));
  let active = 0;
  let heavyActive = 0;
  const waiting: Waiter[] = [];

  const canStart = (heavy: boolean) => active < concurrency && (!heavy || heavyActive < maxHeavy);
  const take = (heavy: boolean) => {
    active += 1;
    if (heavy) heavyActive += 1;
  };
  const release = (heavy: boolean) => {
    active -= 1;
    if (heavy) heavyActive -= 1;
    for (let i = 0; i < waiting.length && active < concurrency;) {
      const next = waiting[i]!;
      if (!canStart(next.heavy)) {
        i += 1;
        continue;
      }
      waiting.splice(i, 1);
      clearTimeout(next.timer);
      take(next.heavy);
      next.start();
    }
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run(task, deadlineAt, heavy = false) {
      if (canStart(heavy)) take(heavy);
      else if (waiting.length >= options.maxWaiting) throw new ImageBusyError('queue-full');
      else {
        await new Promise<void>((start, reject) => {
          const waiter: Waiter = {
            heavy,
            start,
            timer: setTimeout(
              () => {
                waiting.splice(waiting.indexOf(waiter), 1);
                reject(new ImageBusyError('timeout'));
              },
              Math.max(0, deadlineAt - performance.now()),
            ),
          };
          waiting.push(waiter);
        });
      }
      try {
        return await task();
      } finally {
        release(heavy);
      }
    },
  };
}
