import { LRUCache } from 'lru-cache';

import { createDependencyIndex, recordDependencies } from '#server/services/content/dependencies.ts';

import type { Logger } from 'pino';

export interface Loaded<T> {
  value: T;
  deps: string[];
}

export type ContentCache = ReturnType<typeof createContentCache>;

type Item = Loaded<unknown> & { bytes: number };

export function createContentCache(options: { ttlMs: number; maxBytes: number; logger: Logger }) {
  const index = createDependencyIndex();
  const log = options.logger.child({ module: 'content-cache' });

  const lru = new LRUCache<string, Item, () => Promise<Loaded<unknown>>>({
    max: 5000,
    maxSize: options.maxBytes,
    sizeCalculation: (item) => Math.max(1, item.bytes),
    ttl: Math.max(1, options.ttlMs),
    allowStale: true,
    noDeleteOnStaleGet: true,
    // A refresh that fails keeps the stale value (stale-if-error); a first load that fails rejects with its error.
    noDeleteOnFetchRejection: true,
    // A load still running when its key is invalidated finishes for its callers, but its result (maybe older than the change) is not kept.
    ignoreFetchAbort: true,
    async fetchMethod(key, _stale, { context, signal }) {
      const loaded = await context();
      const item = { value: loaded.value, deps: loaded.deps, bytes: JSON.stringify(loaded.value)?.length ?? 1 };
      if (!signal.aborted) index.set(key, item.deps);
      return item;
    },
    // A refresh replacing the item ('set') has already indexed the new one.
    dispose: (_item, key, reason) => reason !== 'set' && index.remove(key),
  });

  const disabled = options.ttlMs <= 0;

  return {
    /** Stale while one background refresh runs or when it fails; loaded once however many callers ask at the same time. */
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
    /** Most reads are these hits, and they need no promise, deadline or abort listeners (ADR 056). */
    fresh<T>(key: string): { value: T } | undefined {
      if (disabled) return undefined;
      const item = lru.get(key, { allowStale: false });
      if (!item) return undefined;
      recordDependencies(item.deps);
      return { value: item.value as T };
    },
    invalidate(ids: Iterable<string>): string[] {
      const dropped = index.keysOf(ids);
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
