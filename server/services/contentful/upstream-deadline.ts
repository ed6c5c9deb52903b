import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When the content work running now must be done (epoch ms), carried from
 * the ContentService to the guarded axios adapter across the SDK, which has
 * no per-call options for it. Same mechanism as the dependency tracker.
 */
const storage = new AsyncLocalStorage<number>();

/** Runs `work` with requests to Contentful bounded by `expiresAt`. */
export function withUpstreamDeadline<T>(expiresAt: number, work: () => T): T {
  return storage.run(expiresAt, work);
}

/** The deadline of the work in progress; undefined outside `withUpstreamDeadline` (background jobs). */
export function currentUpstreamDeadline(): number | undefined {
  return storage.getStore();
}
