import { LRUCache } from 'lru-cache';

import type { Logger } from 'pino';

/** A cached query result and the ids (entries, assets, `type:<contentType>`) it was built from. */
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
  const log = options.logger.child({ module: 'content-cache' });

  const lru = new LRUCache<string, Item, () => Promise<Loaded<unknown>>>({
    max: options.maxEntries ?? 5000,
    maxSize: options.maxBytes,
    sizeCalculation: (item) => Math.max(1, item.bytes),
    ttl: Math.max(1, options.ttlMs),
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    allowStaleOnFetchAbort: true,
    noDeleteOnFetchRejection: true,
    ignoreFetchAbort: true,
    async fetchMethod(key, _stale, { context }) {
      const loaded = await context();
      // Rough byte size: JSON length in UTF-16 code units is close enough for a budget.
      const bytes = JSON.stringify(loaded.value)?.length ?? 1;
      for (const dep of loaded.deps) {
        let keys = byDep.get(dep);
        if (!keys) byDep.set(dep, (keys = new Set()));
        keys.add(key);
      }
      return { value: loaded.value, deps: loaded.deps, bytes };
    },
    dispose(item, key) {
      for (const dep of item.deps) {
        const keys = byDep.get(dep);
        keys?.delete(key);
        if (keys?.size === 0) byDep.delete(dep);
      }
    },
  });

  const disabled = options.ttlMs <= 0;

  return {
    async get<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
      if (disabled) return (await load()).value;
      const item = await lru.fetch(key, { context: load as () => Promise<Loaded<unknown>> });
      if (!item) throw new Error(`content cache returned nothing for ${key}`);
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
