import { beaconTransport } from './transport.ts';

import type { Transport } from './transport.ts';

export interface BeaconQueueOptions {
  endpoint: string;
  /** The collector takes 25. */
  maxBatch?: number;
  /** 0 waits for hide/unload. */
  flushAfterMs?: number;
  transport?: Transport;
}

// Hide and unload are the last reliable moments on mobile. These bubble-phase listeners run after web-vitals' capture-phase ones.
export function createBeaconQueue<T>(options: BeaconQueueOptions) {
  const { endpoint, maxBatch = 20, flushAfterMs = 5000, transport = beaconTransport } = options;
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(maxBatch);
      transport(endpoint, JSON.stringify({ events: batch }));
    }
  }

  function add(event: T): void {
    pending.push(event);
    if (pending.length >= maxBatch) flush();
    else if (flushAfterMs > 0 && timer === undefined) timer = setTimeout(flush, flushAfterMs);
  }

  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('pagehide', flush);
  return { add, flush };
}
