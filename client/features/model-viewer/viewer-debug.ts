import { getCachedGltfCount } from './gltf-cache.ts';

import type { WebGLRenderer } from 'three';

/** Read-only counters for e2e tests, numbers only so it ships in every build: live contexts, GPU memory, frames drawn. */
interface ViewerDebug {
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

/** Counts a renderer as live until the returned function is called. */
export function trackRenderer(renderer: WebGLRenderer): () => void {
  window.__vitrineViewer ??= {
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
  renderers.add(renderer);
  return () => void renderers.delete(renderer);
}

export function countFrame(): void {
  frames += 1;
}
