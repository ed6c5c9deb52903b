import { createHash } from 'node:crypto';

import type { Logger } from 'pino';
import type { ContentEvents } from '#server/services/content/content-events.ts';
import type { Locale } from '#shared/content/types.ts';
import type { SearchRecord } from '#shared/search-schema.ts';

type LoadRecords = (locales: readonly Locale[], entryIds?: readonly string[]) => Promise<SearchRecord[]>;
type ChangeListener = (change: { affectedIds: string[] }) => Promise<void>;

/** After a failed resync (the content source down right after Redis came back), the next try. */
const RETRY_MS = 30_000;
/** Passes over entries that webhooks changed while the previous pass loaded; more only while changes keep arriving. */
const MAX_CATCH_UP_PASSES = 3;

/** Entry id → a hash of its records (every locale and chunk, in load order): equal when re-indexing it would change nothing. */
function fingerprints(records: readonly SearchRecord[]): Map<string, string> {
  const byEntry = new Map<string, SearchRecord[]>();
  for (const record of records) {
    const list = byEntry.get(record.entryId);
    if (list) list.push(record);
    else byEntry.set(record.entryId, [record]);
  }
  return new Map([...byEntry].map(([id, list]) => [id, createHash('sha1').update(JSON.stringify(list)).digest('base64')]));
}

/**
 * Brings the embedded search index up to date after the invalidation bus was down (ADR 053). What was missed is unknown, so every
 * record is loaded in the background while the old ones keep answering; the entries that differ from what the index holds (changed,
 * new, deleted) then go through the index's own change path, swapped in one synchronous step that touches only them. It sits
 * between the embedded search and its inputs (the record loader, the change subscription), so it needs none of the engine's
 * internals. One resync at a time; resyncs asked for meanwhile coalesce into one more.
 */
export function createSearchResync(options: {
  loadRecords: LoadRecords;
  locales: () => readonly Locale[];
  events: Pick<ContentEvents, 'subscribe'>;
  logger: Logger;
}) {
  const log = options.logger.child({ module: 'search-resync' });
  /** What the index holds, per entry, as its loads reported it: a resync re-indexes only entries whose records differ or are gone. */
  const indexed = new Map<string, string>();
  let apply: ChangeListener | undefined;
  /** A resync's records, handed to the change path for that one call (matched by identity), so nothing is loaded twice. */
  let prepared: { ids: readonly string[]; records: SearchRecord[] } | undefined;
  /** Entries webhooks changed during a pass: loaded again after it, so the pass's older snapshot never has the last word. */
  let changedMeanwhile: Set<string> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const loadRecords: LoadRecords = async (locales, entryIds) => {
    const records = prepared && entryIds === prepared.ids ? prepared.records : await options.loadRecords(locales, entryIds);
    for (const id of entryIds ?? []) indexed.delete(id);
    for (const [id, fingerprint] of fingerprints(records)) indexed.set(id, fingerprint);
    return records;
  };

  const onContentChange = (listener: ChangeListener): void => {
    apply = listener;
    options.events.subscribe((change) => {
      for (const id of change.affectedIds) changedMeanwhile?.add(id);
      return listener(change);
    });
  };

  async function pass(listener: ChangeListener): Promise<void> {
    const started = performance.now();
    changedMeanwhile = new Set();
    try {
      const loaded = await options.loadRecords(options.locales());
      const fresh = fingerprints(loaded);
      const ids = [...new Set([...indexed.keys(), ...fresh.keys()])].filter((id) => indexed.get(id) !== fresh.get(id));
      const wanted = new Set(ids);
      const records = loaded.filter((record) => wanted.has(record.entryId));
      prepared = { ids, records };
      try {
        if (ids.length > 0) await listener({ affectedIds: ids });
      } finally {
        prepared = undefined;
      }
      let caughtUp = 0;
      for (let passes = 0; changedMeanwhile.size > 0 && passes < MAX_CATCH_UP_PASSES; passes++) {
        const changed = [...changedMeanwhile];
        changedMeanwhile.clear();
        caughtUp += changed.length;
        await listener({ affectedIds: changed });
      }
      const durationMs = Math.round(performance.now() - started);
      const detail = { entries: fresh.size, reindexed: ids.length, records: records.length, caughtUp, durationMs };
      log.info(detail, 'search index resynced after the invalidation bus was down');
    } finally {
      changedMeanwhile = undefined;
    }
  }

  function resync(): Promise<void> {
    const listener = apply;
    if (stopped || !listener) return Promise.resolve();
    clearTimeout(retry);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass(listener);
      } while (again && !stopped);
    })()
      .catch((err: unknown) => {
        log.error({ err }, 'search index resync failed; search may miss changes made while the bus was down; retrying in 30 s');
        if (!stopped) retry = setTimeout(() => void resync(), RETRY_MS).unref();
      })
      .finally(() => (running = undefined));
    return running;
  }

  return {
    /** For `createEmbeddedSearch`: its record loader and change subscription, passed through. */
    loadRecords,
    onContentChange,
    /** Called when the bus subscribed again after a drop; resolves when the index is up to date (failures are logged, retried). */
    resync,
    stop(): void {
      stopped = true;
      clearTimeout(retry);
    },
  };
}

export type SearchResync = ReturnType<typeof createSearchResync>;
