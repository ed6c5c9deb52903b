import { beaconTransport } from './transport.ts';

import type { Transport } from './transport.ts';

export interface BeaconQueueOptions {
  endpoint: string;
  /** Flush as soon as this many events wait (the collector's batch limit is 25). Default 20. */
  maxBatch?: number;
  /** Flush this long after the first event of a batch was queued; 0 waits for hide/unload. Default 5000. */
  flushAfterMs?: number;
  transport?: Transport;
}

/**
 * Sends batches when full, a little after the first event, and when the page is hidden or unloaded (the last reliable
 * moments on mobile). Bubble-phase listeners run after web-vitals' capture-phase ones, so metrics final on hide go too.
 */
export function createBeaconQueue<T>(options: BeaconQueueOptions) {
  const { endpoint, maxBatch = 20, flushAfterMs = 5000, transport = beaconTransport } = options;
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
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

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  return { add, flush };
}
