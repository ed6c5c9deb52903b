import { AsyncLocalStorage } from 'node:async_hooks';

// What content a result was built from: entry/asset ids and markers (`type:<contentType>`, `tag:<id>`, `tags`, `taxonomy`; ADR 010).
const storage = new AsyncLocalStorage<Set<string>>();

export async function trackDependencies<T>(work: () => Promise<T>): Promise<{ result: T; deps: Set<string> }> {
  const deps = new Set<string>();
  const result = await storage.run(deps, work);
  return { result, deps };
}

export function recordDependencies(deps: Iterable<string>): void {
  const current = storage.getStore();
  if (current) for (const dep of deps) current.add(dep);
}

/** For shared lookups whose callers record what they use of them. */
export function untracked<T>(work: () => T): T {
  return storage.exit(work);
}

export function createDependencyIndex() {
  const keysByDep = new Map<string, Set<string>>();
  const depsByKey = new Map<string, readonly string[]>();

  function remove(key: string): void {
    for (const dep of depsByKey.get(key) ?? []) {
      const keys = keysByDep.get(dep);
      keys?.delete(key);
      if (keys?.size === 0) keysByDep.delete(dep);
    }
    depsByKey.delete(key);
  }

  return {
    set(key: string, deps: Iterable<string>): void {
      remove(key);
      const list = [...deps];
      depsByKey.set(key, list);
      for (const dep of list) {
        const keys = keysByDep.get(dep) ?? new Set();
        keysByDep.set(dep, keys.add(key));
      }
    },
    remove,
    keysOf(deps: Iterable<string>): Set<string> {
      const keys = new Set<string>();
      for (const dep of deps) for (const key of keysByDep.get(dep) ?? []) keys.add(key);
      return keys;
    },
  };
}
