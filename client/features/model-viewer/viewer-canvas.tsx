import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Canvas } from '@react-three/fiber';
import { NeutralToneMapping, SRGBColorSpace } from 'three';

import { applyFraming, applyKeyboardCommand } from './camera-rig.ts';
import { getCanvasLabels } from './canvas-labels.ts';
import { FOV_DEG } from './framing.ts';
import { subscribeGltfProgress } from './gltf-cache.ts';
import { createGltfLoad, retainDecoders } from './gltf-loader.ts';
import { getOrbitCommand } from './keyboard-orbit.ts';
import { filterThreeConsole } from './three-console.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { useInteractionHint } from './use-interaction-hint.ts';
import { useMediaQuery } from './use-media-query.ts';
import { trackRenderer } from './viewer-debug.ts';
import { COARSE_POINTER_QUERY, getHintKind, getShouldAutoplay, getShouldAutoRotate, REDUCED_MOTION_QUERY } from './viewer-options.ts';
import { ViewerScene } from './viewer-scene.tsx';
import { ViewerToolbar } from './viewer-toolbar.tsx';

import type { KeyboardEvent } from 'react';
import type { RootState } from '@react-three/fiber';
import type { PerspectiveCamera } from 'three';

import type { OrbitRig } from './camera-rig.ts';
import type { Framing } from './framing.ts';
import type { ViewerCanvasProps } from './viewer-canvas-props.ts';

filterThreeConsole();

// Neutral tone mapping keeps product colours true (Khronos PBR Neutral), sRGB output.
const GL_OPTIONS = { antialias: true, toneMapping: NeutralToneMapping, outputColorSpace: SRGBColorSpace };
const CAMERA_OPTIONS = { fov: FOV_DEG, near: 0.01, far: 100, position: [0, 0.6, 4] as [number, number, number] };

/**
 * The lazily loaded 3D chunk: the only module graph that imports three,
 * fiber and drei. Renders the canvas (frameloop "demand": no frames while
 * nothing moves), the toolbar and the hint, and reports progress, first
 * frame, failures and context loss to the shell.
 */
export function ViewerCanvas(props: ViewerCanvasProps) {
  const { source, locale, attempt, figureRef, onProgress, onFirstFrame, onLoadError, onContextLost } = props;
  const t = getCanvasLabels(locale);
  const prefersReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const isCoarsePointer = useMediaQuery(COARSE_POINTER_QUERY);
  const [hasInteracted, setHasInteracted] = useState(false);
  const [animationCount, setAnimationCount] = useState(0);
  const [isPlaying, setIsPlaying] = useState(() => getShouldAutoplay(prefersReducedMotion));
  const [root, setRoot] = useState<RootState | null>(null);
  const [sceneKey, setSceneKey] = useState(0);
  const framingRef = useRef<Framing | null>(null);
  const isUnmountedRef = useRef(false);
  const descriptionId = useId();
  const fullscreen = useFullscreen(figureRef);
  const { isHintVisible, hintInput, showHint } = useInteractionHint();
  const renderer = root?.gl ?? null;
  const load = useMemo(() => (renderer ? createGltfLoad(renderer) : null), [renderer]);

  useEffect(() => retainDecoders(), []);

  useEffect(() => {
    isUnmountedRef.current = false;
    return () => {
      // R3F loses the context on purpose when it tears the canvas down: not a failure.
      isUnmountedRef.current = true;
    };
  }, []);

  useLayoutEffect(() => subscribeGltfProgress(source.src, (loaded, total) => onProgress(source.src, loaded, total)), [source.src, onProgress]);

  useEffect(() => {
    if (!renderer) return;
    const canvas = renderer.domElement;
    const handleLost = (event: Event) => {
      event.preventDefault(); // Allows the browser to restore the context.
      if (!isUnmountedRef.current) onContextLost();
    };
    // three re-initialises its GL state itself; remounting the scene re-renders the
    // environment and shadow render targets, which a restored context has lost.
    const handleRestored = () => setSceneKey((key) => key + 1);
    canvas.addEventListener('webglcontextlost', handleLost);
    canvas.addEventListener('webglcontextrestored', handleRestored);
    const untrack = trackRenderer(renderer);
    return () => {
      canvas.removeEventListener('webglcontextlost', handleLost);
      canvas.removeEventListener('webglcontextrestored', handleRestored);
      untrack();
    };
  }, [renderer, onContextLost]);

  const markInteracted = useCallback(() => {
    setHasInteracted(true);
    showHint('pointer');
  }, [showHint]);

  const resetView = useCallback(() => {
    const state = root?.get();
    if (!state?.controls || !framingRef.current) return;
    applyFraming(state.camera as PerspectiveCamera, state.controls as unknown as OrbitRig, framingRef.current);
    state.invalidate();
  }, [root]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const command = getOrbitCommand(event.key, event.shiftKey);
    const state = root?.get();
    if (!command || !state?.controls) return;
    const camera = state.camera as PerspectiveCamera;
    if (applyKeyboardCommand(camera, state.controls as unknown as OrbitRig, command, framingRef.current)) {
      event.preventDefault();
      setHasInteracted(true);
      state.invalidate();
    }
  };

  const autoRotate = getShouldAutoRotate({ requested: source.autoRotate, prefersReducedMotion, hasInteracted });

  return (
    <div className="mv-stage">
      <Canvas
        className="mv-canvas"
        frameloop="demand"
        dpr={[1, 2]}
        gl={GL_OPTIONS}
        camera={CAMERA_OPTIONS}
        onCreated={setRoot}
        tabIndex={0}
        role="application"
        aria-label={t.canvas(source.alt)}
        aria-describedby={descriptionId}
        onKeyDown={handleKeyDown}
        onFocus={(event) => showHint(event.currentTarget.matches(':focus-visible') ? 'keyboard' : 'pointer')}
        onPointerDown={() => showHint('pointer')}
      >
        {load && (
          <ViewerScene
            key={sceneKey}
            source={source}
            attempt={attempt}
            load={load}
            autoRotate={autoRotate}
            isPlaying={isPlaying}
            isAnimated={animationCount > 0}
            framingRef={framingRef}
            onInteract={markInteracted}
            onAnimationCount={setAnimationCount}
            onFirstFrame={onFirstFrame}
            onLoadError={onLoadError}
          />
        )}
      </Canvas>
      <p id={descriptionId} className="mv-visually-hidden">
        {t.keyboardHelp}
      </p>
      <p className="mv-hint" data-visible={isHintVisible} aria-hidden="true">
        {t.hints[getHintKind(hintInput, isCoarsePointer)]}
      </p>
      <ViewerToolbar
        locale={locale}
        onReset={resetView}
        playback={animationCount > 0 ? { isPlaying, onToggle: () => setIsPlaying((playing) => !playing) } : undefined}
        fullscreen={fullscreen.isSupported ? { isFullscreen: fullscreen.isFullscreen, onToggle: fullscreen.toggle } : undefined}
      />
    </div>
  );
}
