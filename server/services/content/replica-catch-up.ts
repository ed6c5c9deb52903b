import { setTimeout as delay } from 'node:timers/promises';

import type { IndexedEntity } from '#server/embedded/contentful/export-index.ts';
import type { Logger } from 'pino';

// Read your own publish (ADR 061): the Sync API can lag a webhook by seconds, so the replica syncs again until it has what
// the webhook announced.

/** What a webhook says was published or removed: the replica syncs until it holds that. */
export interface SyncTarget {
  kind: 'Entry' | 'Asset';
  id: string;
  /** The published revision (`sys.revision`, the CMA's `publishedCounter`) the replica must reach; absent: any. */
  revision?: number | undefined;
  /** Unpublished, archived or deleted: the replica must no longer serve it. */
  gone?: boolean;
}

/** Whether the delivery API's entity (or its absence) is what `target` announced. */
export function holds(entity: IndexedEntity | undefined, target: SyncTarget): boolean {
  if (target.gone) return !entity;
  const revision = Number((entity?.sys as { revision?: unknown } | undefined)?.revision ?? 0);
  return entity !== undefined && (target.revision === undefined || revision >= target.revision);
}

/** The waits a webhook's catch-up makes between syncs: 250 ms, doubling, within `catchUpMs`. */
export function* backoff(totalMs: number): Generator<number> {
  let [wait, spent] = [250, 0];
  while (spent + wait <= totalMs) {
    yield wait;
    spent += wait;
    wait = Math.min(wait * 2, 8000);
  }
}

/** Syncs, then again after each wait of `backoff(catchUpMs)`, until `done()`; false (and one warning) when it never was. */
export async function syncUntil(
  done: () => boolean,
  { sync, catchUpMs, log, target }: { sync: () => Promise<void>; catchUpMs: number; log: Logger; target: SyncTarget },
): Promise<boolean> {
  await sync();
  for (const waitMs of backoff(catchUpMs)) {
    if (done()) return true;
    await delay(waitMs, undefined, { ref: false });
    await sync();
  }
  if (done()) return true;
  log.warn({ ...target, catchUpMs }, 'the replica did not reach the published version in time; the next sync brings it');
  return false;
}
