import { useEffect, useMemo, useState } from 'react';
import { useThree } from '@react-three/fiber';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';

import { discardGltf } from './gltf-cache.ts';

import type { Object3D } from 'three';

import type { LoadStep } from './viewer-status.ts';
import type { GltfResult } from './gltf-cache.ts';

// Every failure is data: R3F reports anything thrown while rendering through `reportError`, which the page sees as an
// uncaught error even under an error boundary.

type Built = { ok: true; scene: Object3D } | { ok: false; error: unknown };

/** This viewer's clone of the cached scene (two viewers never share an Object3D), or null once a failure is reported. */
export function useModelScene(
  src: string,
  result: GltfResult,
  onLoadError: (src: string, error: unknown) => void,
  onLoadStep: ((src: string, step: LoadStep) => void) | undefined,
): Object3D | null {
  const built = useMemo((): Built | null => {
    if (!result.ok) return null;
    try {
      return { ok: true, scene: cloneSkinned(result.gltf.scene) };
    } catch (error) {
      return { ok: false, error };
    }
  }, [result]);

  useEffect(() => {
    if (!result.ok) onLoadError(src, result.error);
    else if (built && !built.ok) {
      discardGltf(src, result.gltf);
      onLoadError(src, built.error);
    } else onLoadStep?.(src, { phase: 'preparing', missingImages: result.missingImages });
  }, [src, result, built, onLoadError, onLoadStep]);

  return built?.ok ? built.scene : null;
}

/**
 * True once the shaders are compiled, started a frame after 'preparing' was painted, so the first frame does not stall on it
 * (seconds for a large model in software GL). Without KHR_parallel_shader_compile (three warns when `compileAsync` asks for it), synchronously.
 */
export function usePreparedMaterials(model: Object3D): boolean {
  const gl = useThree((state) => state.gl);
  const camera = useThree((state) => state.camera);
  const scene = useThree((state) => state.scene);
  const [prepared, setPrepared] = useState<Object3D | null>(null);

  useEffect(() => {
    let isCurrent = true;
    const compile = async () => {
      if (!isCurrent) return;
      try {
        if (gl.extensions.has('KHR_parallel_shader_compile')) await gl.compileAsync(model, camera, scene);
        else gl.compile(model, camera, scene);
      } catch {
        // A material three cannot compile is left to the first frame, which logs it as three always does.
      }
      if (isCurrent) setPrepared(model);
    };
    const frame = requestAnimationFrame(() => setTimeout(() => void compile()));
    return () => {
      isCurrent = false;
      cancelAnimationFrame(frame);
    };
  }, [gl, camera, scene, model]);

  return prepared === model;
}
