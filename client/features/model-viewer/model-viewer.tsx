import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';

import { Image } from '#client/components/image.tsx';

import { getViewerLabels } from './labels.ts';
import { useNearViewport } from './use-near-viewport.ts';
import { rememberOptIn, useStartMode } from './use-start-mode.ts';
import { ViewerErrorBoundary } from './viewer-error-boundary.tsx';
import { ViewerOverlay } from './viewer-overlay.tsx';
import { createViewerStatus, viewerReducer } from './viewer-status.ts';
import { getWebGLSupport } from './webgl-support.ts';

import type { Locale, ViewerSource } from '#shared/content/types.ts';

// The lazy boundary: three, fiber and drei live only behind this import().
const loadViewerCanvas = () => import('./viewer-canvas.tsx');
const ViewerCanvas = lazy(() => loadViewerCanvas().then((module) => ({ default: module.ViewerCanvas })));
/** Fetches the 3D chunk early (a press on "View in 3D" is coming); errors surface when it renders. */
const preloadViewerCanvas = () => void loadViewerCanvas().catch(() => undefined);

/** Fired on the figure (bubbles) after the first frame that shows the current model. */
export const VIEWER_FRAME_EVENT = 'vitrine:viewer-frame';

/** How long a lost WebGL context may take to come back before we offer Retry. */
export const CONTEXT_RESTORE_TIMEOUT_MS = 4000;

export interface ModelViewerProps {
  /** The model, its alt text, poster, initial camera angle and auto-rotate flag. */
  source: ViewerSource;
  /** The page's locale: the button, messages and 3D controls speak it. */
  locale: Locale;
  /**
   * Start loading the 3D view right after hydration instead of when the figure
   * comes within 200px of the viewport, and load the poster with high
   * priority. For the one viewer a page leads with. Default: false.
   */
  eager?: boolean;
  /**
   * Aspect ratio of the figure, as a class of model-viewer.css: the page CSP
   * blocks inline style attributes, and the page's stylesheets arrive before
   * its first paint (inlined or render-blocking), so the box is still right
   * from the start. 'auto' leaves sizing to the host (e.g. a full-window
   * embed). Default: '4 / 3'.
   */
  aspectRatio?: ViewerAspectRatio;
  /** Extra class names on the figure. Default: none. */
  className?: string;
  /**
   * The `sizes` of the poster's srcset: how wide the figure renders. Default:
   * the width of a prose column (rich text), `100vw` on narrow screens.
   */
  sizes?: string;
}

/** The figure ratios model-viewer.css has a class for. */
export type ViewerAspectRatio = '4 / 3' | '16 / 9' | '1 / 1' | 'auto';

const RATIO_CLASSES: Record<ViewerAspectRatio, string | undefined> = {
  '4 / 3': undefined,
  '16 / 9': 'mv-viewer--16-9',
  '1 / 1': 'mv-viewer--1-1',
  auto: 'mv-viewer--auto',
};

/** A viewer in a prose column (44rem) with 1.25rem page padding. */
export const PROSE_VIEWER_SIZES = '(min-width: 760px) 704px, 100vw';

/**
 * An interactive 3D model that is safe to server-render: on the server and
 * until it nears the viewport it is a fixed-ratio figure with the poster (or
 * a neutral placeholder), so there is no layout shift and something to see
 * without JS or WebGL. State is mirrored on the figure as `data-state`
 * (idle | loading | ready | error | no-webgl) and `data-progress` (0..1).
 */
export function ModelViewer({ source, locale, eager = false, aspectRatio = '4 / 3', className, sizes = PROSE_VIEWER_SIZES }: ModelViewerProps) {
  const figureRef = useRef<HTMLElement>(null);
  const [status, dispatch] = useReducer(viewerReducer, source.src, createViewerStatus);
  if (status.src !== source.src) dispatch({ type: 'source-changed', src: source.src });

  const isNear = useNearViewport(figureRef, { enabled: !eager });
  // On touch-first devices and under Save-Data the poster offers "View in 3D" instead (viewer-options.ts).
  const startMode = useStartMode();
  const [isRequested, setIsRequested] = useState(false);
  const shouldActivate = isRequested || (startMode === 'auto' && (eager || isNear));
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
    figureRef.current?.dispatchEvent(new CustomEvent(VIEWER_FRAME_EVENT, { bubbles: true, detail: { src: status.src } }));
  }, [status.state, status.src]);

  const handleProgress = useCallback((src: string, loaded: number, total: number) => dispatch({ type: 'progress', src, loaded, total }), []);
  const handleFirstFrame = useCallback((src: string) => dispatch({ type: 'ready', src }), []);
  const handleLoadError = useCallback(() => dispatch({ type: 'failed', problem: 'load-failed' }), []);
  const handleContextLost = useCallback(() => dispatch({ type: 'context-lost' }), []);
  const handleCrash = useCallback((error: unknown) => {
    // three throws this when the context cannot be created although the probe could (blocklist, limits).
    const isWebGLMissing = error instanceof Error && /creating webgl context/i.test(error.message);
    dispatch(isWebGLMissing ? { type: 'no-webgl' } : { type: 'failed', problem: 'crashed' });
  }, []);
  const handleRetry = useCallback(() => dispatch({ type: 'retry' }), []);

  const isActive = status.state !== 'idle' && status.state !== 'no-webgl';
  const classNames = ['mv-viewer', RATIO_CLASSES[aspectRatio], className].filter(Boolean).join(' ');

  return (
    <figure ref={figureRef} className={classNames} data-state={status.state} data-progress={status.progress === null ? undefined : status.progress.toFixed(2)}>
      <ViewerPoster source={source} eager={eager} sizes={sizes} isHidden={status.state === 'ready'} />
      {startMode === 'on-request' && status.state === 'idle' && <StartButton label={getViewerLabels(locale).viewIn3d} onStart={handleStart} />}
      {isActive && (
        // A Retry remounts the whole 3D tree, with a fresh WebGL context.
        <ViewerErrorBoundary key={status.attempt} onError={handleCrash}>
          <Suspense fallback={null}>
            <ViewerCanvas
              source={source}
              locale={locale}
              attempt={status.attempt}
              figureRef={figureRef}
              onProgress={handleProgress}
              onFirstFrame={handleFirstFrame}
              onLoadError={handleLoadError}
              onContextLost={handleContextLost}
            />
          </Suspense>
        </ViewerErrorBoundary>
      )}
      <ViewerOverlay status={status} locale={locale} onRetry={handleRetry} />
    </figure>
  );
}

function StartButton({ label, onStart }: { label: string; onStart: () => void }) {
  return (
    <button type="button" className="mv-start" onPointerDown={preloadViewerCanvas} onClick={onStart}>
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M12 2.5 20.5 7v10L12 21.5 3.5 17V7z M3.5 7 12 11.5 20.5 7 M12 11.5v10" strokeLinejoin="round" />
      </svg>
      {label}
    </button>
  );
}

function ViewerPoster({ source, eager, sizes, isHidden }: { source: ViewerSource; eager: boolean; sizes: string; isHidden: boolean }) {
  // Once the model shows, the poster fades out and leaves the accessibility tree to the canvas.
  const className = isHidden ? 'mv-poster mv-poster--hidden' : 'mv-poster';
  const { poster } = source;
  if (!poster) {
    return (
      <div className={`${className} mv-poster--placeholder`} role="img" aria-label={source.alt} aria-hidden={isHidden || undefined}>
        <svg viewBox="0 0 24 24" width="48" height="48" fill="none" stroke="currentColor" strokeWidth="1.25" aria-hidden="true">
          <path d="M12 2.5 20.5 7v10L12 21.5 3.5 17V7z M3.5 7 12 11.5 20.5 7 M12 11.5v10" strokeLinejoin="round" />
        </svg>
      </div>
    );
  }
  // Responsive like every other image (AVIF/WebP/JPEG at the widths the spec fixes): a phone
  // fetches a 750px poster, not the 1600px original. Decorative copies stay out of the a11y tree.
  return <Image asset={poster} alt={source.alt} sizes={sizes} priority={eager} className={className} ariaHidden={isHidden} />;
}
