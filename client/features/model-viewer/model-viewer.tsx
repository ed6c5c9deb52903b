import './viewer-controls.css';

import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { Image } from '#client/components/image.tsx';

import { ArButton } from './ar-button.tsx';
import { VIEWER_LABELS } from './labels.ts';
import { ViewerErrorBoundary } from './viewer-error-boundary.tsx';
import { ViewerOverlay } from './viewer-overlay.tsx';
import { getWebGLSupport, rememberOptIn, useNearViewport, useStartMode } from './viewer-start.ts';
import { createViewerStatus, viewerReducer } from './viewer-status.ts';

import type { Dispatch } from 'react';

import type { Locale, ViewerSource } from '#shared/content/types.ts';

import type { HotspotControl } from './hotspot-list.tsx';
import type { LoadStep, ViewerAction } from './viewer-status.ts';

// The lazy boundary: three, fiber and drei live only behind this import().
const loadViewerCanvas = () => import('./viewer-canvas.tsx');
const ViewerCanvas = lazy(() => loadViewerCanvas().then((module) => ({ default: module.ViewerCanvas })));
/** A press on "View in 3D" is coming; errors surface when the chunk renders. */
const preloadViewerCanvas = () => void loadViewerCanvas().catch(() => undefined);

/** Bubbles from the figure after the first frame that shows the current model. */
export const VIEWER_FRAME_EVENT = 'vitrine:viewer-frame';
/** How long a lost WebGL context may take to come back before we offer Retry. */
const CONTEXT_RESTORE_TIMEOUT_MS = 4000;

/** flushSync when the step must paint before what follows in the same task. */
const dispatchWith = (dispatch: Dispatch<ViewerAction>, action: ViewerAction, urgent: boolean) =>
  urgent ? flushSync(() => dispatch(action)) : dispatch(action);

interface ModelViewerProps {
  source: ViewerSource;
  locale: Locale;
  /** The selected `source.variants` id: the 3D view shows it, and the poster its poster. */
  variant?: string;
  /** The open hotspot, when the page owns it (the model page: its list and `?hotspot=`). */
  hotspots?: HotspotControl;
  /** Start right after hydration instead of near the viewport, with a high-priority poster. */
  eager?: boolean;
  /** The poster's `sizes`. Default: a prose column (44rem with 1.25rem page padding). */
  sizes?: string;
  /** The page's own viewer (one per page): `?view=` sets its first camera, and it offers "Copy link to this view". */
  linkView?: boolean;
  /** Preview mode: the file's dimensions are checked against the entry's. */
  preview?: boolean;
}

/** Safe to server-render: until it starts, a fixed-ratio figure with its poster (no layout shift, nothing needs JS). */
export function ModelViewer({
  source,
  locale,
  variant,
  hotspots,
  eager = false,
  sizes = '(min-width: 760px) 704px, 100vw',
  linkView,
  preview,
}: ModelViewerProps) {
  const figureRef = useRef<HTMLElement>(null);
  const [status, dispatch] = useReducer(viewerReducer, source.src, createViewerStatus);
  if (status.src !== source.src) dispatch({ type: 'source-changed', src: source.src });

  const isNear = useNearViewport(figureRef, !eager);
  const startMode = useStartMode();
  const [isRequested, setIsRequested] = useState(false);
  // Ingest validation found the file broken: the poster stays, with a note.
  const isUnavailable = source.unavailable === true;
  const [arMessage, setArMessage] = useState<string | null>(null);
  const shouldActivate = !isUnavailable && (isRequested || (startMode === 'auto' && (eager || isNear)));
  const handleStart = useCallback(() => {
    rememberOptIn();
    setIsRequested(true);
  }, []);

  useEffect(() => {
    if (!shouldActivate || status.state !== 'idle') return;
    dispatch(getWebGLSupport() ? { type: 'activate' } : { type: 'no-webgl' });
  }, [shouldActivate, status.state]);

  useEffect(() => {
    if (status.problem !== 'context-lost') return;
    const timer = setTimeout(() => dispatch({ type: 'context-unrecoverable' }), CONTEXT_RESTORE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [status.problem]);

  useEffect(() => {
    if (status.state !== 'ready') return;
    // After Retry the figure held focus while the canvas was rebuilt: hand it to the canvas.
    const figure = figureRef.current;
    if (figure && document.activeElement === figure) focusViewer(figure);
    figureRef.current?.dispatchEvent(new CustomEvent(VIEWER_FRAME_EVENT, { bubbles: true, detail: { src: status.src } }));
  }, [status.state, status.src]);

  // The last chunk and a synchronous parse run in one task: without flushSync the bar is removed before it ever shows 100 %.
  const handleProgress = useCallback(
    (src: string, loaded: number, total: number) => dispatchWith(dispatch, { type: 'progress', src, loaded, total }, total > 0 && loaded >= total),
    [],
  );
  const handleFirstFrame = useCallback((src: string) => dispatch({ type: 'ready', src }), []);
  const handleLoadError = useCallback(() => dispatch({ type: 'failed', problem: 'load-failed' }), []);
  const handleContextLost = useCallback(() => dispatch({ type: 'context-lost' }), []);
  const handleCrash = useCallback((error: unknown) => {
    // three throws this when the context cannot be created although the probe could (blocklist, limits).
    const isWebGLMissing = error instanceof Error && /creating webgl context/i.test(error.message);
    dispatch(isWebGLMissing ? { type: 'no-webgl' } : { type: 'failed', problem: 'crashed' });
  }, []);
  // A parse that fails or finishes at once would otherwise be batched with what follows, and 'Decoding…' never shown.
  const handleLoadStep = useCallback((src: string, step: LoadStep) => dispatchWith(dispatch, { type: 'load-step', src, step }, step.phase === 'decoding'), []);
  const handleRetry = useCallback(() => {
    // The button goes away with the message: focus stays in the viewer, not on <body>.
    figureRef.current?.focus({ preventScroll: true });
    dispatch({ type: 'retry' });
  }, []);
  const handleDismissNotice = useCallback(() => {
    if (figureRef.current) focusViewer(figureRef.current);
    dispatch({ type: 'dismiss-notice' });
  }, []);

  const isActive = status.state !== 'idle' && status.state !== 'no-webgl';

  return (
    <figure
      ref={figureRef}
      className="mv-viewer"
      tabIndex={-1}
      data-state={status.state}
      data-phase={status.phase ?? undefined}
      data-progress={status.progress === null ? undefined : status.progress.toFixed(2)}
    >
      <ViewerPoster source={source} variant={variant} eager={eager} sizes={sizes} isHidden={status.state === 'ready'} />
      {isUnavailable && <p className="mv-unavailable">{VIEWER_LABELS[locale].unavailable}</p>}
      {!isUnavailable && startMode === 'on-request' && status.state === 'idle' && (
        <button type="button" className="mv-start" onPointerDown={preloadViewerCanvas} onClick={handleStart}>
          <ModelIcon size={20} strokeWidth={1.5} />
          {VIEWER_LABELS[locale].viewIn3d}
        </button>
      )}
      {!isUnavailable && <ArButton source={source} locale={locale} variant={variant} onMessage={setArMessage} onNoAr={handleStart} />}
      {isActive && (
        // A Retry remounts the whole 3D tree, with a fresh WebGL context.
        <ViewerErrorBoundary key={status.attempt} onError={handleCrash}>
          <Suspense fallback={null}>
            <ViewerCanvas
              source={source}
              variant={variant}
              hotspots={hotspots}
              locale={locale}
              attempt={status.attempt}
              figureRef={figureRef}
              onProgress={handleProgress}
              onLoadStep={handleLoadStep}
              onFirstFrame={handleFirstFrame}
              onLoadError={handleLoadError}
              onContextLost={handleContextLost}
              linkView={linkView}
              preview={preview}
              onMessage={setArMessage}
            />
          </Suspense>
        </ViewerErrorBoundary>
      )}
      <ViewerOverlay status={status} locale={locale} onRetry={handleRetry} onDismissNotice={handleDismissNotice} note={arMessage} />
    </figure>
  );
}

function ModelIcon({ size, strokeWidth }: { size: number; strokeWidth: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth={strokeWidth} aria-hidden="true">
      <path d="M12 2.5 20.5 7v10L12 21.5 3.5 17V7z M3.5 7 12 11.5 20.5 7 M12 11.5v10" strokeLinejoin="round" />
    </svg>
  );
}

type PosterProps = { source: ViewerSource; variant?: string; eager: boolean; sizes: string; isHidden: boolean };

function ViewerPoster({ source, variant, eager, sizes, isHidden }: PosterProps) {
  // The selected variant's poster, but none fetched while hidden: switching variants on a shown model downloads nothing.
  const wanted = source.variants?.find((each) => each.id === variant)?.poster ?? source.poster;
  const [poster, setPoster] = useState(wanted);
  if (!isHidden && poster !== wanted) setPoster(wanted);
  // Once the model shows, the poster fades out and leaves the accessibility tree to the canvas.
  const className = isHidden ? 'mv-poster mv-poster--hidden' : 'mv-poster';
  if (!poster) {
    return (
      <div className={`${className} mv-poster--placeholder`} role="img" aria-label={source.alt} aria-hidden={isHidden || undefined}>
        <ModelIcon size={48} strokeWidth={1.25} />
      </div>
    );
  }
  return <Image asset={poster} alt={source.alt} sizes={sizes} priority={eager} className={className} ariaHidden={isHidden} />;
}

function focusViewer(figure: HTMLElement): void {
  const canvas = figure.querySelector<HTMLElement>('[role="application"]');
  (canvas ?? figure).focus({ preventScroll: true });
}
