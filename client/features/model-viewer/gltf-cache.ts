import type { BufferGeometry, Material, Object3D, Skeleton, Texture } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

// One reference-counted download per model URL; the last viewer to let go disposes it (not drei's `useGLTF`: ADR 004).

/** `missingImages`: images that failed to load or decode. */
interface LoadedGltf {
  gltf: GLTF;
  missingImages: number;
}
export type LoadGltf = (src: string, onProgress: (event: ProgressEvent) => void, onDecoding: () => void) => Promise<LoadedGltf>;

/** A failed download is data, not a rejection: R3F reports thrown errors through `reportError`, which monitors see as uncaught. */
export type GltfResult = ({ ok: true } & LoadedGltf) | { ok: false; error: unknown };
type ProgressListener = (loaded: number, total: number) => void;
type Listeners = { onProgress: ProgressListener; onDecoding?: (() => void) | undefined };

interface Entry {
  src: string;
  attempt: number;
  promise: Promise<GltfResult>;
  status: 'pending' | 'loaded' | 'failed';
  value?: GLTF;
  users: number;
  evictTimer?: ReturnType<typeof setTimeout>;
}

/** After the last viewer lets go: time for the next page showing the same model (or a StrictMode replay) to claim it. */
export const RELEASE_EVICT_MS = 1_000;
/** A download nobody mounted (the visitor navigated away while it loaded). */
export const UNCLAIMED_EVICT_MS = 30_000;
/** Long enough that re-renders read the same failure, short enough that the next viewer of this src tries again. */
export const FAILED_EVICT_MS = 1_000;

const entries = new Map<string, Entry>();
const progressListeners = new Map<string, Set<Listeners>>();

function evict(entry: Entry): void {
  if (entries.get(entry.src) === entry) entries.delete(entry.src);
  if (entry.users > 0 || !entry.value) return;
  disposeGltf(entry.value);
  entry.value = undefined;
}

function scheduleEviction(entry: Entry, delayMs: number): void {
  clearTimeout(entry.evictTimer);
  entry.evictTimer = setTimeout(() => {
    if (entry.users === 0) evict(entry);
  }, delayMs);
}

/** For React's `use()`: stable per src and attempt; a higher attempt replaces a failure. */
export function readGltf(src: string, attempt: number, load: LoadGltf): Promise<GltfResult> {
  const existing = entries.get(src);
  if (existing && !(existing.status === 'failed' && existing.attempt < attempt)) return existing.promise;

  const listeners = () => progressListeners.get(src) ?? [];
  const onProgress = (event: ProgressEvent) => {
    for (const each of listeners()) each.onProgress(event.loaded, event.lengthComputable ? event.total : 0);
  };
  const onDecoding = () => {
    for (const each of listeners()) each.onDecoding?.();
  };
  // Promise callbacks run after this function returns, so `entry` exists by then.
  const promise = load(src, onProgress, onDecoding).then(
    (loaded): GltfResult => {
      entry.status = 'loaded';
      entry.value = loaded.gltf;
      if (entry.users === 0) scheduleEviction(entry, UNCLAIMED_EVICT_MS);
      return { ok: true, ...loaded };
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

/** Forgets a file (`gltf`, or whichever is cached for `src`) the viewer could not build, so Retry downloads again. */
export function discardGltf(src: string, gltf?: GLTF): void {
  const entry = entries.get(src);
  if (!entry?.value || (gltf && entry.value !== gltf)) return;
  entry.status = 'failed';
  clearTimeout(entry.evictTimer);
  evict(entry);
}

/** One more viewer shows the model; the returned function lets go. */
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

/** Byte progress of the main file (a .glb, or the .gltf JSON), then the start of its decoding. */
export function subscribeGltfProgress(src: string, onProgress: ProgressListener, onDecoding?: () => void): () => void {
  const listeners = progressListeners.get(src) ?? new Set<Listeners>();
  const listener = { onProgress, onDecoding };
  listeners.add(listener);
  progressListeners.set(src, listeners);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) progressListeners.delete(src);
  };
}

export function getCachedGltfCount(): number {
  return entries.size;
}

interface Disposables {
  geometries: Set<BufferGeometry>;
  materials: Set<Material>;
  textures: Set<Texture>;
  skeletons: Set<Skeleton>;
}

const isTexture = (value: unknown): value is Texture => (value as { isTexture?: unknown } | null)?.isTexture === true;

/** three never frees these by itself, and R3F does not dispose `<primitive>` objects. */
export function collectDisposables(roots: Object3D[], extraMaterials: Iterable<Material> = []): Disposables {
  const found: Disposables = { geometries: new Set(), materials: new Set(), textures: new Set(), skeletons: new Set() };
  const addMaterial = (material: Material) => {
    found.materials.add(material);
    // ShaderMaterial (and KHR_materials_* extensions built on it) keep textures in uniforms.
    const uniforms = Object.values((material as { uniforms?: Record<string, { value?: unknown }> }).uniforms ?? {}).map((uniform) => uniform.value);
    for (const value of [...Object.values(material), ...uniforms]) if (isTexture(value)) found.textures.add(value);
  };
  for (const root of roots) {
    root.traverse((object) => {
      const { geometry, material, skeleton } = object as Partial<{ geometry: BufferGeometry; material: Material | Material[]; skeleton: Skeleton }>;
      if (geometry?.isBufferGeometry) found.geometries.add(geometry);
      for (const each of Array.isArray(material) ? material : material ? [material] : []) addMaterial(each);
      if (skeleton) found.skeletons.add(skeleton);
    });
  }
  for (const material of extraMaterials) addMaterial(material);
  return found;
}

const heldMaterials = new WeakMap<object, Set<Material>>();

/** Materials made for a glTF outside its scenes (variant materials): `disposeGltf` disposes them with it. */
export function holdWithGltf(gltf: object, materials: Iterable<Material>): void {
  const held = heldMaterials.get(gltf) ?? new Set<Material>();
  for (const material of materials) held.add(material);
  heldMaterials.set(gltf, held);
}

export function disposeGltf(gltf: { scene: Object3D; scenes?: Object3D[] }): void {
  const { geometries, materials, textures, skeletons } = collectDisposables([gltf.scene, ...(gltf.scenes ?? [])], heldMaterials.get(gltf));
  for (const each of [...geometries, ...materials, ...textures, ...skeletons]) each.dispose();
  for (const texture of textures) {
    // ImageBitmaps (GLTFLoader's default in Chromium) keep their pixels until closed.
    const data: unknown = texture.source?.data;
    if (typeof ImageBitmap !== 'undefined' && data instanceof ImageBitmap) data.close();
  }
}

/** A SkeletonUtils clone shares all but its skeletons with the cached original. */
export function disposeCloneSkeletons(clone: Object3D): void {
  for (const skeleton of collectDisposables([clone]).skeletons) skeleton.dispose();
}
