import { use, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Center, useAnimations } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';

import { disposeCloneSkeletons } from './dispose-gltf.ts';
import { readGltf, retainGltf } from './gltf-cache.ts';

import type { OnCenterCallbackProps } from '@react-three/drei';
import type { AnimationAction } from 'three';

import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

import type { LoadGltf } from './gltf-cache.ts';

/**
 * Size of the model once it stands centred on the floor (y from 0 to height),
 * in normalised units: the bounding sphere has radius 1 whatever the file's
 * units, so lights, shadow and zoom limits work the same for a ring and a car.
 */
export interface ModelBounds {
  width: number;
  height: number;
  depth: number;
  radius: number;
}

interface ModelProps {
  src: string;
  isPlaying: boolean;
  onPlaced: (src: string, bounds: ModelBounds) => void;
  onAnimationCount: (count: number) => void;
}

interface ViewerModelProps extends ModelProps {
  attempt: number;
  load: LoadGltf;
  onLoadError: (src: string, error: unknown) => void;
}

/** One glTF, suspended on its download (`use`); a failed download is reported, not thrown. */
export function ViewerModel({ attempt, load, onLoadError, ...props }: ViewerModelProps) {
  const result = use(readGltf(props.src, attempt, load));
  return result.ok ? <LoadedModel {...props} gltf={result.gltf} /> : <LoadFailure src={props.src} error={result.error} onLoadError={onLoadError} />;
}

function LoadFailure({ src, error, onLoadError }: { src: string; error: unknown; onLoadError: ViewerModelProps['onLoadError'] }) {
  useEffect(() => onLoadError(src, error), [src, error, onLoadError]);
  return null;
}

/**
 * The loaded model, placed by drei `<Center top>` so any origin ends up
 * standing on y = 0 around the y axis, and scaled to a unit bounding sphere
 * (see ModelBounds). The cached original is cloned (SkeletonUtils keeps skins
 * working), so two viewers of the same URL never fight over one Object3D's parent.
 */
function LoadedModel({ src, gltf, isPlaying, onPlaced, onAnimationCount }: ModelProps & { gltf: GLTF }) {
  const invalidate = useThree((state) => state.invalidate);
  const scene = useMemo(() => cloneSkinned(gltf.scene), [gltf]);
  const { actions, names } = useAnimations(gltf.animations, scene);
  const firstClip = names[0];
  const action = firstClip === undefined ? null : (actions[firstClip] ?? null);

  useEffect(() => retainGltf(src, gltf), [src, gltf]);
  useEffect(() => () => disposeCloneSkeletons(scene), [scene]);

  useEffect(() => {
    onAnimationCount(names.length);
    return () => onAnimationCount(0);
  }, [names.length, onAnimationCount]);

  useEffect(() => {
    if (!action) return;
    action.reset().play();
    return () => void action.stop();
  }, [action]);

  useEffect(() => {
    if (action) setPaused(action, !isPlaying);
    invalidate();
  }, [action, isPlaying, invalidate]);

  const [rawBounds, setRawBounds] = useState<ModelBounds | null>(null);
  const handleCentered = useCallback(
    ({ width, height, depth, boundingSphere }: OnCenterCallbackProps) => setRawBounds({ width, height, depth, radius: boundingSphere.radius }),
    [],
  );
  const scale = rawBounds ? 1 / Math.max(rawBounds.radius, 1e-9) : 1;

  useLayoutEffect(() => {
    if (!rawBounds) return;
    onPlaced(src, {
      width: rawBounds.width * scale,
      height: rawBounds.height * scale,
      depth: rawBounds.depth * scale,
      radius: 1,
    });
  }, [rawBounds, scale, src, onPlaced]);

  return (
    <group scale={scale} visible={rawBounds !== null}>
      <Center top onCentered={handleCentered}>
        <primitive object={scene} />
      </Center>
    </group>
  );
}

/** Pausing keeps the action's time, so Play resumes where it stopped. */
function setPaused(action: AnimationAction, isPaused: boolean): void {
  action.paused = isPaused;
}
