import pLimit from 'p-limit';

export interface WriteBufferOptions<T> {
  /** A rejection keeps the batch for a retry. */
  write(items: T[]): Promise<void>;
  onError(error: unknown): void;
  onRecovered?(): void;
  maxPending?: number;
  /** On SQLite a write blocks the event loop, about 40 µs per event on a busy 2-core machine. */
  maxBatch?: number;
  flushIntervalMs?: number;
  /** So a batch the database refuses cannot block the rest. */
  maxAttempts?: number;
}

/** A flood beyond `maxPending` is dropped and counted rather than slowing down the requests. `flush` stops at a failed write. */
export function createWriteBuffer<T>(options: WriteBufferOptions<T>) {
  const { maxPending = 10_000, maxBatch = 500, flushIntervalMs = 1000, maxAttempts = 3 } = options;
  let pending: Array<{ item: T; attempts: number }> = [];
  let failing = false;
  /** `dropped`: refused because the buffer was full, or given up after `maxAttempts` failed writes. */
  const counts = { written: 0, dropped: 0, failedWrites: 0 };
  const serial = pLimit(1);
  const idle = () => serial.activeCount + serial.pendingCount === 0;

  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending.splice(0, maxBatch);
      try {
        await options.write(batch.map((entry) => entry.item));
      } catch (error) {
        counts.failedWrites += 1;
        failing = true;
        const retry = batch.filter((entry) => (entry.attempts += 1) < maxAttempts).slice(0, Math.max(0, maxPending - pending.length));
        counts.dropped += batch.length - retry.length;
        pending = [...retry, ...pending];
        return options.onError(error);
      }
      counts.written += batch.length;
      if (failing) {
        failing = false;
        options.onRecovered?.();
      }
    }
  }

  const flush = () => serial(drain);
  const timer = setInterval(() => {
    if (idle() && pending.length > 0) void flush();
  }, flushIntervalMs);
  timer.unref();

  return {
    push(item: T): boolean {
      if (pending.length >= maxPending) {
        counts.dropped += 1;
        return false;
      }
      pending.push({ item, attempts: 0 });
      if (pending.length === maxBatch && idle()) void flush();
      return true;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
    stats: () => ({ pending: pending.length, ...counts }),
  };
}
