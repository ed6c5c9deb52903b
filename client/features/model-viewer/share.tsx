import { useEffect, useRef, useState } from 'react';

import { getOrbitView } from './camera.ts';
import { CANVAS_LABELS } from './canvas-labels.ts';
import { readViewState, withViewState } from './view-state.ts';

import type { KeyboardEvent, ReactNode } from 'react';

import type { Locale, Vec3 } from '#shared/content/types.ts';

const CONFIRMATION_MS = 2500;

/** The address with the camera's orbit (radius 1: the viewer draws every model at that size) and the page's variant and hotspot. */
export function buildViewLink(location: Pick<Location, 'href' | 'search'>, camera: Vec3, target: Vec3): string {
  return withViewState(location.href, { ...readViewState(location.search), orbit: getOrbitView(camera, target, 1) });
}

type ShareState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; link: string };

/** Copies and confirms politely; where the clipboard is missing or refuses, offers the link selected in a field. */
export function ShareButton({ locale, getLink, icon }: { locale: Locale; getLink: () => string | null; icon: ReactNode }) {
  const t = CANVAS_LABELS[locale];
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
    const isCopied = await navigator.clipboard?.writeText(link).then(
      () => true,
      () => false,
    );
    setState(isCopied ? { kind: 'copied' } : { kind: 'manual', link });
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
      {state.kind === 'manual' && <ManualCopy link={state.link} label={t.copyThisLink} closeLabel={t.close} onClose={close} />}
    </>
  );
}

/** The link selected in a read-only field, for Ctrl+C or a long press. */
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
