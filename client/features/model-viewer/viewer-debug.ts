import { getCachedGltfCount } from './gltf-cache.ts';

import type { WebGLRenderer } from 'three';

/**
 * Read-only counters for e2e tests (`window.__vitrineViewer`): live WebGL contexts, what they hold on the GPU, and
 * frames drawn (a demand frameloop must stop when idle). Numbers only, so it ships in every build.
 */
export interface ViewerDebug {
  readonly contexts: number;
  readonly frames: number;
  memory(): { geometries: number; textures: number; programs: number; models: number };
}

declare global {
  interface Window {
    __vitrineViewer?: ViewerDebug;
  }
}

const renderers = new Set<WebGLRenderer>();
let frames = 0;

function install(): void {
  if (typeof window === 'undefined' || window.__vitrineViewer) return;
  window.__vitrineViewer = {
    get contexts() {
      return renderers.size;
    },
    get frames() {
      return frames;
    },
    memory() {
      const sum = (count: (renderer: WebGLRenderer) => number) => [...renderers].reduce((total, renderer) => total + count(renderer), 0);
      const [geometries, textures] = [sum((r) => r.info.memory.geometries), sum((r) => r.info.memory.textures)];
      return { geometries, textures, programs: sum((r) => r.info.programs?.length ?? 0), models: getCachedGltfCount() };
    },
  };
}

/** Counts a renderer as live until the returned function is called. */
export function trackRenderer(renderer: WebGLRenderer): () => void {
  install();
  renderers.add(renderer);
  return () => void renderers.delete(renderer);
}

export function countFrame(): void {
  frames += 1;
}
