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
   * Runs `task` when a slot is free. Rejects with `ImageBusyError` at once
   * when `maxWaiting` tasks already wait, and if it is still waiting at
   * `deadlineAt` (a `performance.now()` time): a render nobody waits for any
   * more is never started.
   */
  run<T>(task: () => Promise<T>, deadlineAt: number): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

/**
 * A bounded FIFO in front of sharp (issue 12): at most `concurrency` renders
 * run, at most `maxWaiting` wait, and none waits past its deadline. A
 * finished task hands its slot straight to the next waiter, so the limit is
 * never exceeded. p-limit has neither a queue bound nor per-task deadlines,
 * which are the point here, hence these few lines.
 */
export function createRenderQueue(options: { concurrency: number; maxWaiting: number }): RenderQueue {
  const concurrency = Math.max(1, options.concurrency);
  let active = 0;
  const waiting: Waiter[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    } else active -= 1;
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run(task, deadlineAt) {
      if (active < concurrency) active += 1;
      else if (waiting.length >= options.maxWaiting) throw new ImageBusyError('queue-full');
      else {
        await new Promise<void>((start, reject) => {
          const waiter: Waiter = {
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
        release();
      }
    },
  };
}
