import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ContactShadows, OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';

import { applyFraming } from './camera-rig.ts';
import { FOV_DEG, getFraming } from './framing.ts';
import { countFrame } from './viewer-debug.ts';
import { ViewerErrorBoundary } from './viewer-error-boundary.tsx';
import { ViewerModel } from './viewer-model.tsx';
import { StudioEnvironment } from './studio-environment.tsx';

import type { PerspectiveCamera } from 'three';

import type { ViewerSource } from '#shared/content/types.ts';

import type { OrbitRig } from './camera-rig.ts';
import type { Framing } from './framing.ts';
import type { LoadGltf } from './gltf-cache.ts';
import type { ModelBounds } from './viewer-model.tsx';

export interface ViewerSceneProps {
  source: ViewerSource;
  attempt: number;
  load: LoadGltf;
  autoRotate: boolean;
  isPlaying: boolean;
  isAnimated: boolean;
  /** Written whenever a model is framed; read by reset and the keyboard. */
  framingRef: { current: Framing | null };
  onInteract: () => void;
  onAnimationCount: (count: number) => void;
  onFirstFrame: (src: string) => void;
  onLoadError: (src: string, error: unknown) => void;
}

/**
 * Everything inside the canvas (STYLE.md section 9 composition): studio
 * environment, OrbitControls as the default controls, then the model under
 * its own error boundary and Suspense, then the contact shadow.
 */
export function ViewerScene(props: ViewerSceneProps) {
  const { source, attempt, load, autoRotate, isPlaying, isAnimated, framingRef } = props;
  const { onInteract, onAnimationCount, onFirstFrame, onLoadError } = props;
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const controls = useThree((state) => state.controls) as unknown as OrbitRig | null;
  const invalidate = useThree((state) => state.invalidate);
  const getState = useThree((state) => state.get);
  const [placed, setPlaced] = useState<{ src: string; framing: Framing } | null>(null);
  const { azimuthDeg, polarDeg } = source.camera ?? {};

  const handlePlaced = useCallback(
    (src: string, bounds: ModelBounds) => {
      const { width, height } = getState().size;
      const framing = getFraming({
        center: { x: 0, y: bounds.height / 2, z: 0 },
        radius: bounds.radius,
        fovDeg: FOV_DEG,
        aspect: width / Math.max(height, 1),
        orbit: azimuthDeg === undefined || polarDeg === undefined ? undefined : { azimuthDeg, polarDeg },
      });
      setPlaced({ src, framing });
    },
    [getState, azimuthDeg, polarDeg],
  );

  useLayoutEffect(() => {
    if (!placed || !controls) return;
    applyFraming(camera, controls, placed.framing);
    framingRef.current = placed.framing;
    invalidate();
  }, [placed, controls, camera, invalidate, framingRef]);

  useFrame(countFrame);

  const handleModelCrash = useCallback((error: unknown) => onLoadError(source.src, error), [onLoadError, source.src]);
  const isCurrent = placed?.src === source.src;

  return (
    <>
      <StudioEnvironment />
      <OrbitControls makeDefault enableDamping dampingFactor={0.08} enablePan={false} autoRotate={autoRotate} autoRotateSpeed={1.5} onStart={onInteract} />
      <ViewerErrorBoundary key={`model:${source.src}`} onError={handleModelCrash}>
        <Suspense fallback={null}>
          <ViewerModel
            key={source.src}
            src={source.src}
            attempt={attempt}
            load={load}
            isPlaying={isPlaying}
            onPlaced={handlePlaced}
            onAnimationCount={onAnimationCount}
            onLoadError={onLoadError}
          />
        </Suspense>
      </ViewerErrorBoundary>
      {/*
        Mounted once with fixed props: drei's ContactShadows allocates render
        targets per scale/size and never frees them, and the model is always
        normalised to a unit sphere anyway. Every re-render of this scene
        (a new model placed) lets it draw the shadow once more (frames=1).
      */}
      <group visible={isCurrent}>
        <ContactShadows position={[0, -0.002, 0]} scale={4} far={2.2} blur={2.5} opacity={0.55} resolution={512} frames={isAnimated ? Infinity : 1} />
      </group>
      {isAnimated && isPlaying && <ContinuousFrames />}
      {/* Keys are unique among these siblings: a key shared with the boundary above breaks React's deletion of the old model. */}
      {isCurrent && controls && <FirstFrameSignal key={`frame:${source.src}`} src={source.src} onFirstFrame={onFirstFrame} />}
    </>
  );
}

/** Reports the first frame drawn with the model framed; the shell then fades the poster. */
function FirstFrameSignal({ src, onFirstFrame }: { src: string; onFirstFrame: (src: string) => void }) {
  const hasSignalled = useRef(false);
  const invalidate = useThree((state) => state.invalidate);
  useEffect(() => invalidate(), [invalidate]);
  useFrame(() => {
    if (hasSignalled.current) return;
    hasSignalled.current = true;
    // useFrame runs before the frame is drawn; a microtask runs right after it.
    queueMicrotask(() => onFirstFrame(src));
  });
  return null;
}

/** A demand frameloop only draws on change; a playing animation changes every frame. */
function ContinuousFrames() {
  const invalidate = useThree((state) => state.invalidate);
  // Subscribing to useFrame does not request a frame by itself: start the chain.
  useEffect(() => invalidate(), [invalidate]);
  useFrame((state) => state.invalidate());
  return null;
}
