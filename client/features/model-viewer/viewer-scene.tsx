import { memo, Suspense, use, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CameraControls, CameraControlsImpl, Center, ContactShadows, Environment, Lightformer, useAnimations } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';

import { applyFraming, FOV_DEG, getFraming } from './camera.ts';
import { discardGltf, disposeCloneSkeletons, readGltf, retainGltf } from './gltf-cache.ts';
import { useModelScene, usePreparedMaterials } from './model-prepare.ts';
import { useVariant } from './variants.ts';
import { countFrame } from './viewer-debug.ts';
import { ViewerErrorBoundary } from './viewer-error-boundary.tsx';

import type { OnCenterCallbackProps } from '@react-three/drei';
import type { ReactNode } from 'react';
import type { AnimationAction, Object3D, PerspectiveCamera } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

import type { ModelVariant, ViewerSource } from '#shared/content/types.ts';

import type { Framing, OrbitRig } from './camera.ts';
import type { ModelBox } from './measurements.tsx';
import type { ViewOrbit } from './view-state.ts';
import type { LoadGltf } from './gltf-cache.ts';
import type { LoadEvents } from './viewer-status.ts';

const { ACTION } = CameraControlsImpl;
/** Orbit and zoom only: no panning, which could lose the model. */
const MOUSE_BUTTONS = { left: ACTION.ROTATE, middle: ACTION.DOLLY, right: ACTION.NONE, wheel: ACTION.DOLLY };
const TOUCHES = { one: ACTION.TOUCH_ROTATE, two: ACTION.TOUCH_DOLLY, three: ACTION.NONE };
const AUTO_ROTATE_RAD_PER_S = (2 * Math.PI) / 40;

interface ViewerSceneProps extends Omit<LoadEvents, 'onProgress'> {
  source: ViewerSource;
  /** Unknown or absent shows the file's own materials. */
  variant?: string;
  attempt: number;
  load: LoadGltf;
  autoRotate: boolean;
  isPlaying: boolean;
  isAnimated: boolean;
  /** Written whenever a model is framed; read by Reset and the keyboard. */
  framingRef: { current: Framing | null };
  onInteract: () => void;
  onAnimationCount: (count: number) => void;
  /** A link's view (`?view=`): the first camera for the first model shown, instead of the entry's. */
  linkedOrbit?: ViewOrbit;
  onModelBox: (box: ModelBox) => void;
  /** The current model's clone root, in whose (the glTF scene's) space hotspots are. */
  modelRef: { current: Object3D | null };
  /** Rendered once the current model is framed: hotspots, the preview picker. */
  children?: ReactNode;
}

export function ViewerScene(props: ViewerSceneProps) {
  const { source, variant, attempt, load, autoRotate, isPlaying, isAnimated, framingRef, onInteract, onAnimationCount, onFirstFrame, onLoadError } = props;
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const controls = useThree((state) => state.controls) as unknown as OrbitRig | null;
  const invalidate = useThree((state) => state.invalidate);
  const getState = useThree((state) => state.get);
  const [placed, setPlaced] = useState<{ src: string; framing: Framing; start: Framing } | null>(null);
  const { linkedOrbit, onModelBox } = props;
  const linkedSrcRef = useRef<string | null>(null);
  const { azimuthDeg, polarDeg } = source.camera ?? {};

  // The model is scaled to a unit bounding sphere standing on y = 0, so only its height varies.
  const handlePlaced = useCallback(
    (src: string, height: number, box: ModelBox) => {
      const { width: canvasWidth, height: canvasHeight } = getState().size;
      const frame = { center: { x: 0, y: height / 2, z: 0 }, radius: 1, fovDeg: FOV_DEG, aspect: canvasWidth / Math.max(canvasHeight, 1) };
      const framing = getFraming({ ...frame, orbit: azimuthDeg === undefined || polarDeg === undefined ? undefined : { azimuthDeg, polarDeg } });
      // Reset, and any later model, use the entry's view.
      linkedSrcRef.current ??= src;
      const start = linkedOrbit && linkedSrcRef.current === src ? getFraming({ ...frame, orbit: linkedOrbit }) : framing;
      setPlaced({ src, framing, start });
      onModelBox(box);
    },
    [getState, azimuthDeg, polarDeg, linkedOrbit, onModelBox],
  );

  useLayoutEffect(() => {
    if (!placed || !controls) return;
    applyFraming(camera, controls, placed.start);
    framingRef.current = placed.framing;
    invalidate();
  }, [placed, controls, camera, invalidate, framingRef]);

  useFrame((state, delta) => {
    countFrame();
    if (!autoRotate || !controls) return;
    void controls.rotate(delta * AUTO_ROTATE_RAD_PER_S, 0, false);
    state.invalidate();
  });

  const handleModelCrash = useCallback(
    (error: unknown) => {
      // Retry must download again, not rebuild from the file that crashed.
      discardGltf(source.src);
      onLoadError(source.src, error);
    },
    [onLoadError, source.src],
  );
  const isCurrent = placed?.src === source.src;
  const selectedVariant = source.variants?.find((each) => each.id === variant);
  const modelProps = { src: source.src, variant: selectedVariant, isPlaying, onPlaced: handlePlaced, onAnimationCount };

  return (
    <>
      <StudioEnvironment />
      <CameraControls makeDefault mouseButtons={MOUSE_BUTTONS} touches={TOUCHES} onStart={onInteract} />
      <ViewerErrorBoundary key={`model:${source.src}`} onError={handleModelCrash}>
        <Suspense fallback={null}>
          <ViewerModel
            key={source.src}
            {...modelProps}
            modelRef={props.modelRef}
            attempt={attempt}
            load={load}
            onLoadError={onLoadError}
            onLoadStep={props.onLoadStep}
          />
        </Suspense>
      </ViewerErrorBoundary>
      {/* Mounted once with fixed props: drei allocates render targets per scale/size and never frees them. */}
      <group visible={isCurrent}>
        <ContactShadows position={[0, -0.002, 0]} scale={4} far={2.2} blur={2.5} opacity={0.55} resolution={512} frames={isAnimated ? Infinity : 1} />
      </group>
      {/* Keys unique among these siblings: a key shared with the boundary above breaks React's deletion of the old model. */}
      {isCurrent && controls && props.children}
      {isCurrent && controls && <FirstFrameSignal key={`frame:${source.src}`} src={source.src} onFirstFrame={onFirstFrame} />}
    </>
  );
}

/** Key, fill, rim and overhead lights over a dim room, rendered once into a cube map: no file, no request. */
const StudioEnvironment = memo(function StudioEnvironment() {
  return (
    <Environment resolution={256} frames={1}>
      <color attach="background" args={['#4a4a4a']} />
      <Lightformer form="rect" intensity={3} position={[-5, 4, 5]} scale={[6, 6, 1]} />
      <Lightformer form="rect" intensity={2} position={[6, 2, 3]} scale={[5, 4, 1]} />
      <Lightformer form="rect" intensity={2} position={[0, 3, -7]} scale={[10, 2, 1]} />
      <Lightformer form="circle" intensity={1.5} position={[0, 8, 0]} scale={6} />
    </Environment>
  );
});

interface ModelProps {
  src: string;
  variant: ModelVariant | undefined;
  isPlaying: boolean;
  /** `height`: once scaled to a unit bounding sphere. */
  onPlaced: (src: string, height: number, box: ModelBox) => void;
  onAnimationCount: (count: number) => void;
  modelRef: ViewerSceneProps['modelRef'];
}

type ModelLoadProps = { attempt: number; load: LoadGltf } & Pick<ViewerSceneProps, 'onLoadError' | 'onLoadStep'>;

/** Suspends on the download; a failed download or a scene that cannot be built is reported, not thrown. */
function ViewerModel({ attempt, load, onLoadError, onLoadStep, ...props }: ModelProps & ModelLoadProps) {
  const result = use(readGltf(props.src, attempt, load));
  const scene = useModelScene(props.src, result, onLoadError, onLoadStep);
  return result.ok && scene ? <LoadedModel {...props} gltf={result.gltf} scene={scene} /> : null;
}

/** Centred on the floor and scaled, shown once its materials are compiled. */
function LoadedModel({ src, gltf, scene, modelRef, variant, isPlaying, onPlaced, onAnimationCount }: ModelProps & { gltf: GLTF; scene: Object3D }) {
  const invalidate = useThree((state) => state.invalidate);
  useVariant(scene, gltf, variant, invalidate);
  // After useVariant: the selected variant's materials are the ones to compile.
  const isPrepared = usePreparedMaterials(scene);
  const { actions, names } = useAnimations(gltf.animations, scene);
  const firstClip = names[0];
  const action = firstClip === undefined ? null : (actions[firstClip] ?? null);
  const [bounds, setBounds] = useState<{ height: number; radius: number; size: ModelBox['size'] } | null>(null);
  const scale = bounds ? 1 / Math.max(bounds.radius, 1e-9) : 1;

  useEffect(() => retainGltf(src, gltf), [src, gltf]);
  useLayoutEffect(() => {
    modelRef.current = scene;
    return () => void (modelRef.current === scene && (modelRef.current = null));
  }, [modelRef, scene]);
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

  // Center measures in its own frame, outside the scale group: the file's units.
  const handleCentered = useCallback(
    ({ width, height, depth, boundingSphere }: OnCenterCallbackProps) =>
      setBounds({ height, radius: boundingSphere.radius, size: { x: width, y: height, z: depth } }),
    [],
  );

  useLayoutEffect(() => {
    if (bounds && isPrepared) onPlaced(src, bounds.height * scale, { size: bounds.size, scale });
  }, [bounds, scale, src, onPlaced, isPrepared]);

  return (
    <group scale={scale} visible={bounds !== null && isPrepared}>
      <Center top onCentered={handleCentered}>
        <primitive object={scene} />
      </Center>
    </group>
  );
}

/** The shell hides the poster after the first frame drawn with the model framed. */
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

/** Pausing keeps the action's time, so Play resumes where it stopped (a function: the lint rule forbids mutating a hook's value inline). */
function setPaused(action: AnimationAction, isPaused: boolean): void {
  action.paused = isPaused;
}
