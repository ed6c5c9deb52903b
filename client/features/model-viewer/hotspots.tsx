import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Vector3 } from 'three';

import { getOrbitOffset, getOrbitPose, lookAt } from './camera.ts';
import { VIEWER_LABELS } from './labels.ts';
import { getHotspotPose, getHotspotScreen, toWorld } from './hotspot-geometry.ts';
import { ModelPicker, PositionPickerPanel } from './position-picker.tsx';
import { readViewState } from './view-state.ts';

import type { KeyboardEvent, RefObject } from 'react';
import type { Object3D, PerspectiveCamera } from 'three';

import type { Hotspot, Locale } from '#shared/content/types.ts';

import type { HotspotControl } from './hotspot-list.tsx';
import type { PickedHotspot } from './position-picker.tsx';

import type { OrbitRig } from './camera.ts';

type ModelRef = { current: Object3D | null };

/**
 * `scene` goes inside the canvas once the model is framed, `overlay` over it. Without a `control` from the page (an embed in
 * an article) the viewer keeps its own open hotspot.
 */
export function useHotspotUi(hotspots: Hotspot[], locale: Locale, control: HotspotControl | undefined, modelRef: ModelRef, isReducedMotion: boolean) {
  const layerRef = useRef<HTMLDivElement>(null);
  const [ownOpenId, setOwnOpenId] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedHotspot | null>(null);
  const openId = control ? control.openId : ownOpenId;
  const onOpenChange = control?.onOpenChange ?? setOwnOpenId;
  const hasHotspots = hotspots.length > 0;
  return {
    openId,
    scene: (
      <>
        {hasHotspots && <HotspotRig hotspots={hotspots} openId={openId} modelRef={modelRef} layerRef={layerRef} isReducedMotion={isReducedMotion} />}
        {control?.picker && <ModelPicker modelRef={modelRef} onPick={setPicked} />}
      </>
    ),
    overlay: (
      <>
        {hasHotspots && (
          <HotspotLayer
            hotspots={hotspots}
            openId={openId}
            onOpenChange={onOpenChange}
            getNoteHtml={control?.getNoteHtml}
            locale={locale}
            layerRef={layerRef}
          />
        )}
        {control?.picker && <PositionPickerPanel picked={picked} locale={locale} />}
      </>
    ),
  };
}

type HotspotRigProps = Pick<HotspotLayerProps, 'hotspots' | 'openId' | 'layerRef'> & { modelRef: ModelRef; isReducedMotion: boolean };

/**
 * Moves each hotspot's DOM button over its point in every drawn frame (a transform write, no React render) and turns the
 * camera to the hotspot that opens (the controls ease it; a drag or wheel takes over).
 */
function HotspotRig({ hotspots, openId, modelRef, layerRef, isReducedMotion }: HotspotRigProps) {
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const controls = useThree((state) => state.controls) as unknown as OrbitRig | null;
  const invalidate = useThree((state) => state.invalidate);
  const flownFor = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const isFirst = flownFor.current === undefined;
    const model = modelRef.current;
    const hotspot = hotspots.find((candidate) => candidate.id === openId);
    if (!controls || !model || flownFor.current === openId) return;
    flownFor.current = openId;
    if (!hotspot) return;
    model.updateWorldMatrix(true, false);
    const world = toWorld(hotspot, model.matrixWorld);
    const current = getOrbitPose(camera.position, controls.getTarget(new Vector3()));
    // On load, a shared link's own camera (`?view=`) wins over the hotspot's.
    const linked = isFirst ? readViewState(window.location.search).orbit : undefined;
    const pose = getHotspotPose(linked ?? hotspot.camera, world.normal, current, controls);
    const position = getOrbitOffset(pose.azimuthRad, pose.polarRad, pose.distance).add(world.position);
    lookAt(controls, position, world.position, !isFirst && !isReducedMotion);
    invalidate();
  }, [openId, hotspots, modelRef, camera, controls, invalidate, isReducedMotion]);

  useEffect(() => {
    const layer = layerRef.current;
    return () => layer?.removeAttribute('data-placed');
  }, [layerRef]);

  useFrame((state) => {
    const layer = layerRef.current;
    const model = modelRef.current;
    if (!layer || !model) return;
    model.updateWorldMatrix(true, false);
    camera.updateMatrixWorld();
    const { width, height } = state.size;
    hotspots.forEach((hotspot, index) => {
      const element = layer.children[index];
      if (!(element instanceof HTMLElement)) return;
      const screen = getHotspotScreen(hotspot, model.matrixWorld, camera, width, height);
      element.style.transform = `translate(${screen.x.toFixed(1)}px, ${screen.y.toFixed(1)}px)`;
      element.dataset.facing = String(screen.isFacing);
      element.dataset.onScreen = String(screen.isOnScreen);
      // The note opens towards the roomier side, and hangs down or up near the top or bottom edge.
      element.dataset.side = screen.x > width / 2 ? 'left' : 'right';
      element.dataset.edge = screen.y < height / 4 ? 'top' : screen.y > (height * 3) / 4 ? 'bottom' : 'middle';
    });
    layer.dataset.placed = 'true';
  });

  return null;
}

interface HotspotLayerProps {
  hotspots: Hotspot[];
  openId: string | null;
  onOpenChange: (id: string | null) => void;
  getNoteHtml?: (id: string) => string | null;
  locale: Locale;
  layerRef: RefObject<HTMLDivElement | null>;
}

/** The buttons over the canvas, in list order (the Tab order), each with its note; Escape closes. */
export function HotspotLayer({ hotspots, openId, onOpenChange, getNoteHtml, locale, layerRef }: HotspotLayerProps) {
  const baseId = useId();
  const open = hotspots.find((hotspot) => hotspot.id === openId);
  const noteHtml = open ? (getNoteHtml?.(open.id) ?? null) : null;
  // Focus stays on the button, so the polite region reads the note out.
  const announcement = useMemo(() => (open ? [open.label, noteHtml === null ? '' : toText(noteHtml)].filter(Boolean).join('. ') : ''), [open, noteHtml]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    // Focus inside the closing note would fall to <body>: it goes back to the note's button.
    layerRef.current?.children[hotspots.indexOf(open)]?.querySelector('button')?.focus();
    onOpenChange(null);
  };

  return (
    <>
      <div ref={layerRef} className="mv-hotspots" role="group" aria-label={VIEWER_LABELS[locale].hotspots} onKeyDown={handleKeyDown}>
        {hotspots.map((hotspot, index) => {
          const isOpen = hotspot === open;
          const noteId = `${baseId}-note-${index}`;
          return (
            <div key={hotspot.id} className="mv-hotspot" data-open={isOpen}>
              <button
                type="button"
                className="mv-hotspot__button"
                aria-expanded={isOpen}
                aria-controls={noteId}
                onClick={() => onOpenChange(isOpen ? null : hotspot.id)}
              >
                <span aria-hidden="true">{index + 1}</span>
                <span className="visually-hidden">{hotspot.label}</span>
              </button>
              <div id={noteId} className="mv-hotspot__note" hidden={!isOpen}>
                <p className="mv-hotspot__label">{hotspot.label}</p>
                {/* The page's own server-rendered rich text, read back from its list. */}
                {isOpen && noteHtml ? <div className="mv-hotspot__text" dangerouslySetInnerHTML={{ __html: noteHtml }} /> : null}
              </div>
            </div>
          );
        })}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}

/** Text of trusted HTML for the live region; a template parses without running or loading anything. */
function toText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
