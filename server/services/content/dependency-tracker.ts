import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Records which content (entry/asset ids, `type:<contentType>` markers, and
 * the `tag:<id>` / `tags` / `taxonomy` markers of server/services/content/
 * metadata-reads.ts) a unit of work read, across every await inside it. The
 * page cache uses it to evict exactly the pages built from changed content.
 */
const storage = new AsyncLocalStorage<Set<string>>();

/** Runs `work` and returns its result with the content dependencies it read. */
export async function trackDependencies<T>(work: () => Promise<T>): Promise<{ result: T; deps: Set<string> }> {
  const deps = new Set<string>();
  const result = await storage.run(deps, work);
  return { result, deps };
}

/** Called by the content layer for every result it hands out; a no-op outside `trackDependencies`. */
export function recordDependencies(deps: Iterable<string>): void {
  const current = storage.getStore();
  if (current) for (const dep of deps) current.add(dep);
}

/**
 * Runs `work` outside the current unit of work: what it reads is not
 * recorded. For shared lookups whose callers record what they actually use
 * of them (the tag list and taxonomy behind every mapped result).
 */
export function untracked<T>(work: () => T): T {
  return storage.exit(work);
}
