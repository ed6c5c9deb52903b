import { disposeGltf } from './dispose-gltf.ts';

import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

/**
 * One download per model URL, shared by every viewer showing it, with
 * reference counts so the last viewer to let go disposes it.
 *
 * Why not `useLoader`/`useGLTF`: their cache never forgets an entry unless
 * told to, cannot tell two viewers of the same URL apart, and keeps failures
 * until cleared. Here a failure stays cached briefly (so re-renders cannot
 * start a download loop) and a Retry (a higher attempt) replaces it at once.
 */

export type LoadGltf = (src: string, onProgress: (event: ProgressEvent) => void) => Promise<GLTF>;

/**
 * A failed download is an expected outcome (404, truncated or invalid file), so
 * it is data, not a rejection: React would route a thrown error through R3F's
 * `reportError`, which looks like an uncaught page error to monitors and tests.
 */
export type GltfResult = { ok: true; gltf: GLTF } | { ok: false; error: unknown };
export type ProgressListener = (loaded: number, total: number) => void;

interface Entry {
  src: string;
  attempt: number;
  promise: Promise<GltfResult>;
  status: 'pending' | 'loaded' | 'failed';
  value?: GLTF;
  users: number;
  evictTimer?: ReturnType<typeof setTimeout>;
}

/**
 * The last viewer let go: dispose after this. Long enough for a viewer that is
 * rendering the same model in a later commit (a navigation between two pages
 * showing it) to claim it before its textures are closed.
 */
export const RELEASE_EVICT_MS = 1_000;

/** A download nobody mounted (the visitor navigated away while it loaded) is dropped after this. */
export const UNCLAIMED_EVICT_MS = 30_000;

/**
 * A failure is kept this long: long enough that re-renders read the same
 * result, short enough that the next viewer mounted for this src (after a
 * navigation) tries again.
 */
export const FAILED_EVICT_MS = 1_000;

const entries = new Map<string, Entry>();
const progressListeners = new Map<string, Set<ProgressListener>>();

function scheduleEviction(entry: Entry, delayMs: number): void {
  clearTimeout(entry.evictTimer);
  entry.evictTimer = setTimeout(() => {
    if (entry.users > 0 || entries.get(entry.src) !== entry) return;
    entries.delete(entry.src);
    if (entry.value) disposeGltf(entry.value);
  }, delayMs);
}

function notifyProgress(src: string, loaded: number, total: number): void {
  for (const listener of progressListeners.get(src) ?? []) listener(loaded, total);
}

/**
 * The (cached) download of `src`, for React's `use()`. Stable per src and
 * attempt, so suspending and re-rendering never starts a second download.
 */
export function readGltf(src: string, attempt: number, load: LoadGltf): Promise<GltfResult> {
  const existing = entries.get(src);
  if (existing && !(existing.status === 'failed' && existing.attempt < attempt)) return existing.promise;

  // Promise callbacks run after this function returns, so `entry` exists by then.
  const promise = load(src, (event) => notifyProgress(src, event.loaded, event.lengthComputable ? event.total : 0)).then(
    (gltf): GltfResult => {
      entry.status = 'loaded';
      entry.value = gltf;
      if (entry.users === 0) scheduleEviction(entry, UNCLAIMED_EVICT_MS);
      return { ok: true, gltf };
    },
    (error: unknown): GltfResult => {
      entry.status = 'failed';
      scheduleEviction(entry, FAILED_EVICT_MS);
      return { ok: false, error };
    },
  );
  const entry: Entry = { src, attempt, promise, status: 'pending', users: 0 };
  entries.set(src, entry);
  return entry.promise;
}

/**
 * Marks the model as shown by one more viewer; call the returned function when
 * that viewer unmounts or switches model. Disposal waits RELEASE_EVICT_MS so a
 * StrictMode effect replay, or another viewer about to show the same model,
 * keeps it.
 */
export function retainGltf(src: string, gltf: GLTF): () => void {
  const entry = entries.get(src);
  if (!entry || entry.value !== gltf) return () => {};
  entry.users += 1;
  clearTimeout(entry.evictTimer);
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    entry.users -= 1;
    if (entry.users === 0) scheduleEviction(entry, RELEASE_EVICT_MS);
  };
}

/** Byte progress of the main file of `src` (a .glb, or the .gltf JSON). */
export function subscribeGltfProgress(src: string, listener: ProgressListener): () => void {
  const listeners = progressListeners.get(src) ?? new Set<ProgressListener>();
  listeners.add(listener);
  progressListeners.set(src, listeners);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) progressListeners.delete(src);
  };
}

/** Number of models held in memory (pending or loaded); for tests and the debug hook. */
export function getCachedGltfCount(): number {
  return entries.size;
}
