import './ar-button.css';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';

import { reportSearchConversion } from '#client/features/insights/search-analytics/index.ts';

import { detectArModes } from './ar-support.ts';
import { VIEWER_LABELS } from './labels.ts';

import type { Locale, ViewerSource } from '#shared/content/types.ts';

import type { ArMode } from './ar-support.ts';

// "View in your space": the button is shell (no three.js); each AR route is its own chunk, loaded by the press (ADR 047).
const loadWebXr = () => import('./ar/ar-webxr.ts');
const loadQuickLook = () => import('./ar/ar-quick-look.ts');
const loadSceneViewer = () => import('./ar/ar-scene-viewer.ts');
const loadQr = () => import('./ar/ar-qr.tsx');
const ArQrDialog = lazy(() => loadQr().then((module) => ({ default: module.ArQrDialog })));
/** The QR code's audience: a phone or tablet without AR gets no button. */
const isComputer = () =>
  typeof matchMedia === 'function' && matchMedia('(hover: hover) and (pointer: fine)').matches && !/Android|iPhone|iPad|Mobile/i.test(navigator.userAgent);

/** Set once Quick Look's chunk was asked for: only then are there USDZ blobs to free. */
let quickLook: ReturnType<typeof loadQuickLook> | null = null;
const PRELOAD: Record<ArMode, () => Promise<unknown>> = {
  webxr: loadWebXr,
  'quick-look': () => (quickLook ??= loadQuickLook()),
  'scene-viewer': loadSceneViewer,
};

interface ArRequest {
  source: ViewerSource;
  locale: Locale;
  variant?: string;
  modes: ArMode[];
  /** The dom-overlay root. */
  overlay: HTMLElement;
}

async function openSceneViewer({ source }: ArRequest): Promise<void> {
  const { openSceneViewer: open } = await loadSceneViewer();
  await open({ file: new URL(source.src, document.baseURI).href, title: source.alt, pageUrl: window.location.href });
}

async function runWebXr(request: ArRequest): Promise<void> {
  const { xr } = navigator as Navigator & { xr: XRSystem };
  const init = { requiredFeatures: ['hit-test'], optionalFeatures: ['dom-overlay'], domOverlay: { root: request.overlay } };
  // Before any await: a WebXR session needs the user's activation, which an awaited chunk could outlast.
  const pendingSession = xr.requestSession('immersive-ar', init);
  const chunk = loadWebXr();
  // Awaited only once a session exists; a failed fetch before then must not surface as an unhandled rejection.
  chunk.catch(() => undefined);
  let session: XRSession;
  try {
    session = await pendingSession;
  } catch (error) {
    // No session (hit-test missing, permission refused): Android still has Scene Viewer.
    if (request.modes.includes('scene-viewer')) return openSceneViewer(request);
    throw error;
  }
  try {
    const { runWebXr: run } = await chunk;
    await run(session, request.overlay, request);
  } catch (error) {
    await session.end().catch(() => undefined);
    throw error;
  }
}

/** Resolves when the visitor is back (WebXR ended, Quick Look or Scene Viewer opened). */
function startAr(request: ArRequest): Promise<void> {
  const [mode] = request.modes;
  if (mode === 'webxr') return runWebXr(request);
  if (mode === 'scene-viewer') return openSceneViewer(request);
  return (quickLook ??= loadQuickLook()).then((module) => module.openQuickLook(request.source, request.variant));
}

function useArModes(source: ViewerSource): ArMode[] | undefined {
  const [modes, setModes] = useState<ArMode[]>();
  const { src, unavailable } = source;
  useEffect(() => {
    let isCurrent = true;
    void detectArModes({ src, unavailable }, { navigator, document }).then((found) => {
      if (isCurrent) setModes(found);
    });
    return () => {
      isCurrent = false;
    };
  }, [src, unavailable]);
  return modes;
}

interface ArButtonProps {
  source: ViewerSource;
  locale: Locale;
  variant?: string;
  /** A failure message for the viewer's message area; null clears it. */
  onMessage: (message: string | null) => void;
  /** `?ar=1` on a device without AR: the visitor came for the model, so the 3D view starts. */
  onNoAr?: () => void;
}

/**
 * Shown where the device can place the model in the room, and on a computer, where it opens a QR code for the phone; the
 * server renders nothing. `?ar=1`, the QR code's link, offers AR at once: browsers want a tap, so the button takes the focus.
 */
export function ArButton({ source, locale, variant, onMessage, onNoAr }: ArButtonProps) {
  const detected = useArModes(source);
  const modes = detected ?? [];
  const [isBusy, setIsBusy] = useState(false);
  const [showsQr, setShowsQr] = useState(false);
  const askedForAr = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const t = VIEWER_LABELS[locale].ar;
  const { src } = source;

  useEffect(() => () => void quickLook?.then((module) => module.releaseQuickLook(src)), [src]);
  useEffect(() => {
    if (!detected) return;
    if (askedForAr.current || new URLSearchParams(window.location.search).get('ar') !== '1') return;
    askedForAr.current = true;
    if (detected.length > 0) buttonRef.current?.focus();
    else onNoAr?.();
  }, [detected, onNoAr]);

  // Read only once detection has run, after hydration.
  const forComputer = detected?.length === 0 && isComputer();
  if (modes.length === 0 && !forComputer) return null;
  const label = isBusy ? t.preparing : t.view;
  const handleClick = () => {
    if (modes.length === 0) return setShowsQr(true);
    const overlay = overlayRef.current;
    if (isBusy || !overlay) return;
    setIsBusy(true);
    onMessage(null);
    startAr({ source, locale, variant, modes, overlay })
      .catch(() => onMessage(t.failed))
      .finally(() => {
        setIsBusy(false);
        buttonRef.current?.focus();
      });
    // After the WebXR request, which needs the press's activation: a search that led to this model converted (ADR 067).
    reportSearchConversion('ar');
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="mv-button mv-ar-button"
        aria-label={label}
        aria-disabled={isBusy || undefined}
        aria-haspopup={forComputer ? 'dialog' : undefined}
        data-ar-mode={modes[0] ?? 'qr'}
        // The route's chunk starts loading as the press begins; its errors surface when the click awaits it.
        onPointerDown={() => void (modes[0] ? PRELOAD[modes[0]]() : loadQr()).catch(() => undefined)}
        onClick={handleClick}
      >
        <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true">
          <path d="M12 7.5 16 9.75v4.5L12 16.5 8 14.25v-4.5z M3 7V3h4 M17 3h4v4 M21 17v4h-4 M7 21H3v-4" strokeLinejoin="round" />
        </svg>
        <span className="mv-ar-button__label">{label}</span>
      </button>
      <div ref={overlayRef} className="mv-ar-overlay" />
      {showsQr && (
        <Suspense>
          <ArQrDialog locale={locale} variant={variant} onClose={() => setShowsQr(false)} />
        </Suspense>
      )}
    </>
  );
}
