import { useEffect, useRef, useState } from 'react';

import { getOrbitView } from './camera.ts';
import { getCanvasLabels } from './canvas-labels.ts';
import { readViewState, withViewState } from './view-state.ts';

import type { KeyboardEvent, ReactNode } from 'react';

import type { Locale } from '#shared/content/types.ts';

import type { Vec3 } from './camera.ts';

/** How long "Link copied" stays on screen (it is announced at once). */
const CONFIRMATION_MS = 2500;

/**
 * The page's address with the camera's orbit (`?view=`, distance in bounding-sphere radii: the viewer draws every model at
 * radius 1) and the variant and hotspot the page keeps current in the address (`replaceViewState`).
 */
export function buildViewLink(location: Pick<Location, 'href' | 'search'>, camera: Vec3, target: Vec3): string {
  return withViewState(location.href, { ...readViewState(location.search), orbit: getOrbitView(camera, target, 1) });
}

/** False when the Clipboard API is missing (an insecure origin, an old browser) or the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

type ShareState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; link: string };

/** "Copy link to this view": copies, confirms politely; where copying fails, offers the link selected in a field. */
export function ShareButton({ locale, getLink, icon }: { locale: Locale; getLink: () => string | null; icon: ReactNode }) {
  const t = getCanvasLabels(locale);
  const [state, setState] = useState<ShareState>({ kind: 'idle' });
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (state.kind !== 'copied') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const handleClick = async () => {
    const link = getLink();
    if (link === null) return;
    setState((await copyText(link)) ? { kind: 'copied' } : { kind: 'manual', link });
  };
  const close = () => {
    setState({ kind: 'idle' });
    buttonRef.current?.focus();
  };

  return (
    <>
      <button ref={buttonRef} type="button" className="mv-button mv-button--icon" aria-label={t.copyLink} title={t.copyLink} onClick={handleClick}>
        {icon}
      </button>
      <p className="mv-toolbar__status" role="status">
        {state.kind === 'copied' ? t.linkCopied : ''}
      </p>
      {state.kind === 'manual' && <ManualCopy link={state.link} label={t.copyThisLink} closeLabel={t.closeLink} onClose={close} />}
    </>
  );
}

/** The fallback: the link selected in a read-only field, for Ctrl+C or a long press. */
function ManualCopy({ link, label, closeLabel, onClose }: { link: string; label: string; closeLabel: string; onClose: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [link]);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <div className="mv-share-manual" role="group" aria-label={label} onKeyDown={handleKeyDown}>
      <label>
        {label}
        <input ref={inputRef} type="url" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <button type="button" className="mv-button" onClick={onClose}>
        {closeLabel}
      </button>
    </div>
  );
}
