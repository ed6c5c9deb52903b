import { setTimeout as delay } from 'node:timers/promises';

import type { IndexedEntity } from '#server/embedded/contentful/export-index.ts';
import type { Logger } from 'pino';

// Read your own publish (ADR 061): the Sync API can lag a webhook by seconds, so the replica syncs until it has what the webhook announced.
export interface SyncTarget {
  kind: 'Entry' | 'Asset';
  id: string;
  /** `sys.revision` (the CMA's `publishedCounter`) to reach; absent: any. */
  revision?: number | undefined;
  gone?: boolean;
}

export function holds(entity: IndexedEntity | undefined, target: SyncTarget): boolean {
  if (target.gone) return !entity;
  const revision = Number((entity?.sys as { revision?: unknown } | undefined)?.revision ?? 0);
  return entity !== undefined && (target.revision === undefined || revision >= target.revision);
}

/** Waits 250 ms doubling (at most 8 s each, `catchUpMs` in all) between syncs. */
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
