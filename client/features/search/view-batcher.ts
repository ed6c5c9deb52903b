import { INSIGHTS_VIEW_BATCH_SIZE } from '#shared/constants.ts';

/** One viewed-objects event as search-insights sends it. */
export interface ViewEvent {
  index: string;
  eventName: string;
  objectIDs: string[];
}

export interface ViewBatcher {
  /** Records hits seen for one query; the same object in the same query counts once. */
  add(view: ViewEvent, queryID: string | undefined): void;
  /** Sends everything pending now (page hidden, InstantSearch disposed). */
  flush(): void;
}

/** Remembered (query, object) pairs before the oldest are forgotten; a visitor rarely sees this many. */
const MAX_SEEN = 2000;

/**
 * Collects viewed hits into events of INSIGHTS_VIEW_BATCH_SIZE (20, Insights' limit per event) instead of one small event per render: full batches go at
 * once, a partial batch after `flushAfterMs` or when `flush()` is called. Views are de-duplicated per query (`queryID`): re-rendering the same results, or
 * paging back, sends nothing new.
 */
export function createViewBatcher(send: (view: ViewEvent) => void, options: { flushAfterMs?: number } = {}): ViewBatcher {
  const flushAfterMs = options.flushAfterMs ?? 5000;
  const seen = new Set<string>();
  const pending = new Map<string, ViewEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const sendBatches = (all: boolean) => {
    for (const [key, batch] of pending) {
      while (batch.objectIDs.length >= INSIGHTS_VIEW_BATCH_SIZE || (all && batch.objectIDs.length > 0)) {
        send({ ...batch, objectIDs: batch.objectIDs.splice(0, INSIGHTS_VIEW_BATCH_SIZE) });
      }
      if (batch.objectIDs.length === 0) pending.delete(key);
    }
    if (pending.size === 0 && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  };

  return {
    add(view, queryID) {
      const key = `${view.index}\n${view.eventName}`;
      const batch = pending.get(key) ?? { index: view.index, eventName: view.eventName, objectIDs: [] };
      for (const objectID of view.objectIDs) {
        const id = `${view.index}\n${queryID ?? ''}\n${objectID}`;
        if (seen.has(id)) continue;
        if (seen.size >= MAX_SEEN) seen.delete(seen.values().next().value as string);
        seen.add(id);
        batch.objectIDs.push(objectID);
      }
      if (batch.objectIDs.length > 0) pending.set(key, batch);
      sendBatches(false);
      if (pending.size > 0 && timer === undefined) timer = setTimeout(() => sendBatches(true), flushAfterMs);
    },
    flush: () => sendBatches(true),
  };
}
