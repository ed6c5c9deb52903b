import pLimit from 'p-limit';

export class ImageBusyError extends Error {
  readonly reason: 'queue-full' | 'timeout';
  constructor(reason: 'queue-full' | 'timeout') {
    super(reason === 'queue-full' ? 'image render queue is full' : 'image render timed out');
    this.name = 'ImageBusyError';
    this.reason = reason;
  }
}

/**
 * A bounded queue in front of sharp, on p-limit: at most `concurrency` renders run, `maxHeavy` of them heavy (AVIF), at most
 * `maxWaiting` wait (more are refused at once), and a render still waiting at its deadline (a `performance.now()` time) is
 * dropped, never started. A heavy task waits for a heavy slot before it queues for any slot, so lighter tasks pass it meanwhile.
 */
export function createRenderQueue(options: { concurrency: number; maxWaiting: number; maxHeavy?: number }) {
  const concurrency = Math.max(1, options.concurrency);
  const maxHeavy = Math.max(1, Math.min(concurrency, options.maxHeavy ?? concurrency));
  const slots = pLimit(concurrency);
  const heavySlots = pLimit(maxHeavy);
  let waiting = 0;
  const canStart = (heavy: boolean) => slots.activeCount < concurrency && (!heavy || heavySlots.activeCount < maxHeavy);

  return {
    get active() {
      return slots.activeCount;
    },
    get waiting() {
      return waiting;
    },
    run<T>(task: () => Promise<T>, deadlineAt: number, heavy = false): Promise<T> {
      const queued = !canStart(heavy);
      if (queued && waiting >= options.maxWaiting) return Promise.reject(new ImageBusyError('queue-full'));
      if (queued) waiting += 1;
      return new Promise<T>((resolve, reject) => {
        let expired = false;
        const expire = () => {
          expired = true;
          if (queued) waiting -= 1;
          reject(new ImageBusyError('timeout'));
        };
        const timer = setTimeout(expire, Math.max(0, deadlineAt - performance.now()));
        const start = async () => {
          if (expired) return;
          clearTimeout(timer);
          if (queued) waiting -= 1;
          await task().then(resolve, reject);
        };
        void (heavy ? heavySlots(async () => (expired ? undefined : slots(start))) : slots(start));
      });
    },
  };
}
