import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Canvas } from '@react-three/fiber';
import { getConsoleFunction, NeutralToneMapping, setConsoleFunction, SRGBColorSpace, Vector3 } from 'three';

import { applyKeyboardCommand, FOV_DEG, getOrbitCommand } from './camera.ts';
import { useFullscreen, useInteractionHint, useMediaQuery } from './canvas-hooks.ts';
import { CANVAS_LABELS } from './canvas-labels.ts';
import { useDimensions } from './measurements.tsx';
import { buildViewLink } from './share.tsx';
import { readViewState } from './view-state.ts';
import { subscribeGltfProgress } from './gltf-cache.ts';
import { createGltfLoad, retainDecoders } from './gltf-loader.ts';
import { useHotspotUi } from './hotspots.tsx';
import { trackRenderer } from './viewer-debug.ts';
import { COARSE_POINTER_QUERY, getShouldAutoRotate, REDUCED_MOTION_QUERY } from './viewer-start.ts';
import { ViewerScene } from './viewer-scene.tsx';
import { ViewerToolbar } from './viewer-toolbar.tsx';

import type { KeyboardEvent, RefObject } from 'react';
import type { RootState } from '@react-three/fiber';
import type { Object3D, PerspectiveCamera } from 'three';

import type { Locale, ViewerSource } from '#shared/content/types.ts';

import type { Framing, OrbitCommand, OrbitRig } from './camera.ts';
import type { LoadEvents } from './viewer-status.ts';
import type { HotspotControl } from './hotspot-list.tsx';

// three 0.187 warns on every `new THREE.Clock()`, which R3F 9 creates per canvas; drop only that message
// (our e2e tests fail on console warnings). Remove with R3F 10, which uses THREE.Timer.
if (!getConsoleFunction()) {
  setConsoleFunction((type, message, ...params) => {
    if (!message.startsWith('THREE.Clock: This module has been deprecated')) console[type](message, ...params);
  });
}

// Neutral tone mapping keeps product colours true (Khronos PBR Neutral), sRGB output.
const GL_OPTIONS = { antialias: true, toneMapping: NeutralToneMapping, outputColorSpace: SRGBColorSpace };
const NO_HOTSPOTS: [] = [];
const CAMERA_OPTIONS = { fov: FOV_DEG, near: 0.01, far: 100, position: [0, 0.6, 4] as [number, number, number] };

export interface ViewerCanvasProps extends LoadEvents {
  source: ViewerSource;
  variant?: string;
  locale: Locale;
  /** Retry counter: a higher attempt discards a failed download of the same src. */
  attempt: number;
  /** The figure, which goes fullscreen. */
  figureRef: RefObject<HTMLElement | null>;
  onContextLost: () => void;
  hotspots?: HotspotControl;
  /** The page's own viewer: `?view=` sets its first camera and the toolbar offers "Copy link to this view". */
  linkView?: boolean;
  /** The dimensions flag a file that disagrees with its entry. */
  preview?: boolean;
  /** A note for the viewer's message area (a failed "Save image"); null clears it. */
  onMessage: (message: string | null) => void;
}

/** The lazy 3D chunk, the only graph importing three, fiber and drei. */
export function ViewerCanvas(props: ViewerCanvasProps) {
  const { source, variant, locale, figureRef, onProgress, onLoadStep, onContextLost, onMessage } = props;
  const t = CANVAS_LABELS[locale];
  const prefersReducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const pointerHint = useMediaQuery(COARSE_POINTER_QUERY) ? 'touch' : 'pointer';
  const [linkedOrbit] = useState(() => (props.linkView ? readViewState(window.location.search).orbit : undefined));
  // A linked view is a chosen one: no auto-rotation turns it away.
  const [hasInteracted, setHasInteracted] = useState(linkedOrbit !== undefined);
  const dimensions = useDimensions(locale, source.dimensions, props.preview === true);
  const [animationCount, setAnimationCount] = useState(0);
  // Under reduced motion, the play button can start animations.
  const [isPlaying, setIsPlaying] = useState(!prefersReducedMotion);
  const [root, setRoot] = useState<RootState | null>(null);
  const [sceneKey, setSceneKey] = useState(0);
  const framingRef = useRef<Framing | null>(null);
  const modelRef = useRef<Object3D | null>(null);
  const hotspotUi = useHotspotUi(source.hotspots ?? NO_HOTSPOTS, locale, props.hotspots, modelRef, prefersReducedMotion);
  const descriptionId = useId();
  const fullscreen = useFullscreen(figureRef);
  const { isHintVisible, hintKind, showHint } = useInteractionHint();
  const renderer = root?.gl ?? null;
  const load = useMemo(() => (renderer ? createGltfLoad(renderer, source.files) : null), [renderer, source.files]);

  useEffect(() => retainDecoders(), []);

  useLayoutEffect(
    () =>
      subscribeGltfProgress(
        source.src,
        (loaded, total) => onProgress(source.src, loaded, total),
        () => onLoadStep(source.src, { phase: 'decoding' }),
      ),
    [source.src, onProgress, onLoadStep],
  );

  useEffect(() => {
    if (!renderer) return;
    const canvas = renderer.domElement;
    const handleLost = (event: Event) => {
      event.preventDefault(); // Allows the browser to restore the context.
      onContextLost();
    };
    // three re-initialises its GL state itself; remounting the scene redraws the environment and shadow targets a restored context lost.
    const handleRestored = () => setSceneKey((key) => key + 1);
    // Removed on unmount, before R3F's teardown loses the context on purpose.
    const listeners = new AbortController();
    canvas.addEventListener('webglcontextlost', handleLost, { signal: listeners.signal });
    canvas.addEventListener('webglcontextrestored', handleRestored, { signal: listeners.signal });
    const untrack = trackRenderer(renderer);
    return () => {
      listeners.abort();
      untrack();
    };
  }, [renderer, onContextLost]);

  const markInteracted = useCallback(() => {
    setHasInteracted(true);
    showHint(pointerHint);
  }, [showHint, pointerHint]);

  /** False when the command cannot move the camera (no controls yet, or Reset before the model is framed). */
  const applyCommand = useCallback(
    (command: OrbitCommand) => {
      const state = root?.get();
      if (!state?.controls || !applyKeyboardCommand(state.camera as PerspectiveCamera, state.controls as unknown as OrbitRig, command, framingRef.current)) {
        return false;
      }
      state.invalidate();
      return true;
    },
    [root],
  );
  const resetView = useCallback(() => void applyCommand({ kind: 'reset' }), [applyCommand]);

  const getViewLink = useCallback(() => {
    const state = root?.get();
    const controls = state?.controls as unknown as OrbitRig | null | undefined;
    return state && controls ? buildViewLink(window.location, state.camera.position, controls.getTarget(new Vector3())) : null;
  }, [root]);

  const saveImage = useCallback(() => {
    const state = root?.get();
    if (!state) return;
    onMessage(null);
    void import('./save-image.ts')
      .then(({ imageFileName, saveViewImage }) => saveViewImage(state, imageFileName(source.alt, variant)))
      .catch(() => onMessage(t.saveImageFailed));
  }, [root, source.alt, variant, onMessage, t]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const command = getOrbitCommand(event.key, event.shiftKey);
    if (!command || !applyCommand(command)) return;
    event.preventDefault();
    setHasInteracted(true);
  };

  return (
    <div className="mv-stage">
      <Canvas
        className="mv-canvas"
        // A playing animation changes every frame; otherwise frames are drawn on change only.
        frameloop={animationCount > 0 && isPlaying ? 'always' : 'demand'}
        dpr={[1, 2]}
        gl={GL_OPTIONS}
        camera={CAMERA_OPTIONS}
        onCreated={setRoot}
        tabIndex={0}
        role="application"
        aria-label={t.canvas(source.alt)}
        aria-describedby={descriptionId}
        onKeyDown={handleKeyDown}
        onFocus={(event) => showHint(event.currentTarget.matches(':focus-visible') ? 'keyboard' : pointerHint)}
        onPointerDown={() => showHint(pointerHint)}
      >
        {load && (
          <ViewerScene
            key={sceneKey}
            {...props}
            load={load}
            // An open hotspot holds the view still.
            autoRotate={getShouldAutoRotate({ requested: source.autoRotate, prefersReducedMotion, hasInteracted: hasInteracted || hotspotUi.openId !== null })}
            isPlaying={isPlaying}
            isAnimated={animationCount > 0}
            framingRef={framingRef}
            onInteract={markInteracted}
            onAnimationCount={setAnimationCount}
            linkedOrbit={linkedOrbit}
            onModelBox={dimensions.onModelBox}
            modelRef={modelRef}
          >
            {hotspotUi.scene}
          </ViewerScene>
        )}
        {dimensions.lines}
      </Canvas>
      {hotspotUi.overlay}
      {dimensions.overlay}
      <p id={descriptionId} className="visually-hidden">
        {t.keyboardHelp}
      </p>
      <p className="mv-hint" data-visible={isHintVisible} aria-hidden="true">
        {t.hints[hintKind]}
      </p>
      <ViewerToolbar
        locale={locale}
        onReset={resetView}
        playback={animationCount > 0 ? { isPlaying, onToggle: () => setIsPlaying((playing) => !playing) } : undefined}
        fullscreen={{ isFullscreen: fullscreen.isFullscreen, onToggle: fullscreen.toggle }}
        dimensions={dimensions.toggle}
        share={props.linkView ? { getLink: getViewLink } : undefined}
        onSaveImage={saveImage}
      />
    </div>
  );
}
