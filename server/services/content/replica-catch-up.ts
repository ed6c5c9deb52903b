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

/** Syncs, then again after waits of 250 ms doubling (at most 8 s each, `catchUpMs` in all), until `done()`; false (and one warning) when it never was. */
export async function syncUntil(
  done: () => boolean,
  { sync, catchUpMs, log, target }: { sync: () => Promise<void>; catchUpMs: number; log: Logger; target: SyncTarget },
): Promise<boolean> {
  await sync();
  for (let wait = 250, spent = 0; !done() && spent + wait <= catchUpMs; spent += wait, wait = Math.min(wait * 2, 8000)) {
    await delay(wait, undefined, { ref: false });
    await sync();
  }
  if (done()) return true;
  log.warn({ ...target, catchUpMs }, 'the replica did not reach the published version in time; the next sync brings it');
  return false;
}
