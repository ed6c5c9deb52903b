import { LRUCache } from 'lru-cache';

import { recordDependencies } from '#server/services/content/dependency-tracker.ts';

import type { Logger } from 'pino';

/** A cached query result and what it was built from: entry/asset ids and markers (`type:<contentType>`, `tag:<id>`, `tags`, `taxonomy`). */
export interface Loaded<T> {
  value: T;
  deps: string[];
}

export interface ContentCache {
  /**
   * The value for `key`: fresh from the cache; stale while one background
   * refresh runs (stale-while-revalidate); stale when the refresh fails
   * (stale-if-error); or loaded once however many callers ask at the same time.
   */
  get<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T>;
  /** Drops every cached result built from any of `ids`; returns the keys dropped. */
  invalidate(ids: Iterable<string>): string[];
  clear(): void;
  readonly size: number;
  readonly calculatedSize: number;
}

interface Item {
  value: unknown;
  deps: string[];
  bytes: number;
}

export interface ContentCacheOptions {
  ttlMs: number;
  maxBytes: number;
  maxEntries?: number;
  logger: Logger;
}

/** The content cache in front of the ContentService (DESIGN.md "Cache"), built on lru-cache. */
export function createContentCache(options: ContentCacheOptions): ContentCache {
  const byDep = new Map<string, Set<string>>();
  /** The item whose deps `byDep` holds for each key (the one stored, or about to be). */
  const tracked = new Map<string, Item>();
  const log = options.logger.child({ module: 'content-cache' });

  const lru = new LRUCache<string, Item, () => Promise<Loaded<unknown>>>({
    max: options.maxEntries ?? 5000,
    maxSize: options.maxBytes,
    sizeCalculation: (item) => Math.max(1, item.bytes),
    ttl: Math.max(1, options.ttlMs),
    allowStale: true,
    noDeleteOnStaleGet: true,
    // A refresh that fails keeps the stale value (stale-if-error); a first load that fails rejects with its error.
    noDeleteOnFetchRejection: true,
    // A load still running when its key is invalidated (deleted) finishes for
    // the callers waiting on it, but its result, maybe older than the change,
    // is not written back.
    ignoreFetchAbort: true,
    async fetchMethod(key, _stale, { context, signal }) {
      const loaded = await context();
      // Rough byte size: JSON length in UTF-16 code units is close enough for a budget.
      const item = { value: loaded.value, deps: loaded.deps, bytes: JSON.stringify(loaded.value)?.length ?? 1 };
      if (!signal.aborted) track(key, item);
      return item;
    },
    dispose(item, key) {
      // A refresh replaces the item after `track` indexed the new one: only untrack the indexed one.
      if (tracked.get(key) === item) untrack(key);
    },
  });

  function track(key: string, item: Item): void {
    untrack(key);
    tracked.set(key, item);
    for (const dep of item.deps) {
      let keys = byDep.get(dep);
      if (!keys) byDep.set(dep, (keys = new Set()));
      keys.add(key);
    }
  }

  function untrack(key: string): void {
    for (const dep of tracked.get(key)?.deps ?? []) {
      const keys = byDep.get(dep);
      keys?.delete(key);
      if (keys?.size === 0) byDep.delete(dep);
    }
    tracked.delete(key);
  }

  const disabled = options.ttlMs <= 0;

  return {
    async get<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
      if (disabled) {
        const loaded = await load();
        recordDependencies(loaded.deps);
        return loaded.value;
      }
      const item = await lru.fetch(key, { context: load as () => Promise<Loaded<unknown>> });
      if (!item) throw new Error(`content cache returned nothing for ${key}`);
      recordDependencies(item.deps);
      return item.value as T;
    },
    invalidate(ids) {
      const dropped = new Set<string>();
      for (const id of ids) for (const key of byDep.get(id) ?? []) dropped.add(key);
      for (const key of dropped) lru.delete(key);
      if (dropped.size > 0) log.debug({ keys: dropped.size }, 'invalidated');
      return [...dropped];
    },
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
    get calculatedSize() {
      return lru.calculatedSize;
    },
  };
}
