import { useEffect, useState } from 'react';
import { useThree } from '@react-three/fiber';
import { Matrix3, Matrix4, Vector2, Vector3 } from 'three';

import { getOrbitView } from './camera.ts';
import { CANVAS_LABELS } from './canvas-labels.ts';
import { round } from './view-state.ts';

import type { Object3D } from 'three';

import type { Hotspot, Locale, Vec3 } from '#shared/content/types.ts';

import type { OrbitRig } from './camera.ts';

/** A hotspot entry's `position`, `normal` and `camera` fields. */
export type PickedHotspot = Pick<Hotspot, 'position' | 'normal'> & { camera: Required<NonNullable<Hotspot['camera']>> };

/** `face.normal` is in the hit object's own space. */
interface ModelHit {
  point: Vector3;
  face?: { normal: Vector3 } | null;
  object: Object3D;
}

const toRoot = new Matrix4();
const normalMatrix = new Matrix3();
const toVec3 = (vector: Vector3): Vec3 => ({ x: round(vector.x, 4), y: round(vector.y, 4), z: round(vector.z, 4) });

/** In the glTF's own space; the camera relative to the controls' target, in degrees and bounding-sphere radii. */
export function getPickedHotspot(root: Object3D, hit: ModelHit, camera: { position: Vec3; target: Vec3 }): PickedHotspot | null {
  if (!hit.face) return null;
  root.updateWorldMatrix(true, false);
  hit.object.updateWorldMatrix(true, false);
  const inverseRoot = toRoot.copy(root.matrixWorld).invert();
  const position = hit.point.clone().applyMatrix4(inverseRoot);
  const normal = hit.face.normal
    .clone()
    .applyMatrix3(normalMatrix.getNormalMatrix(inverseRoot.multiply(hit.object.matrixWorld)))
    .normalize();
  const view = getOrbitView(camera.position, camera.target, 1);
  return {
    position: toVec3(position),
    normal: toVec3(normal),
    camera: { azimuthDeg: round(view.azimuthDeg, 1), polarDeg: round(view.polarDeg, 1), distance: round(view.distance, 2) },
  };
}

/** A drag further than this orbits; only a click picks. */
const CLICK_SLOP_PX = 4;

export function ModelPicker({ modelRef, onPick }: { modelRef: { current: Object3D | null }; onPick: (picked: PickedHotspot) => void }) {
  const canvas = useThree((state) => state.gl.domElement);
  const getState = useThree((state) => state.get);

  useEffect(() => {
    let down: { x: number; y: number } | null = null;
    const handleDown = (event: PointerEvent) => void (down = { x: event.clientX, y: event.clientY });
    const handleClick = (event: MouseEvent) => {
      const model = modelRef.current;
      if (!model || !down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > CLICK_SLOP_PX) return;
      const { raycaster, camera, controls } = getState();
      const rect = canvas.getBoundingClientRect();
      const pointer = new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
      raycaster.setFromCamera(pointer, camera);
      const [hit] = raycaster.intersectObject(model, true);
      const target = (controls as unknown as OrbitRig | null)?.getTarget(new Vector3()) ?? new Vector3();
      const picked = hit ? getPickedHotspot(model, hit, { position: camera.position, target }) : null;
      if (picked) onPick(picked);
    };
    const listeners = new AbortController();
    canvas.addEventListener('pointerdown', handleDown, { signal: listeners.signal });
    canvas.addEventListener('click', handleClick, { signal: listeners.signal });
    return () => listeners.abort();
  }, [canvas, getState, modelRef, onPick]);

  return null;
}

/** The last pick as JSON for each field, each with a Copy button. */
export function PositionPickerPanel({ picked, locale }: { picked: PickedHotspot | null; locale: Locale }) {
  const { picker: t, close } = CANVAS_LABELS[locale];
  // Both remember the pick they were for: a new click reopens the panel with fresh buttons.
  const [copied, setCopied] = useState<{ picked: PickedHotspot; field: string } | null>(null);
  const [closedFor, setClosedFor] = useState<PickedHotspot | null | undefined>(undefined);
  if (closedFor === picked) return null;
  const copy = (field: keyof PickedHotspot, text: string) => {
    if (!picked) return;
    navigator.clipboard?.writeText(text).then(
      () => setCopied({ picked, field }),
      () => setCopied(null),
    );
  };
  return (
    <section className="mv-picker" aria-label={t.title}>
      <p className="mv-picker__title">{t.title}</p>
      {picked ? (
        <dl>
          {(['position', 'normal', 'camera'] as const).map((field) => {
            const json = JSON.stringify(picked[field]);
            return (
              <div key={field}>
                <dt>{field}</dt>
                <dd>
                  <code>{json}</code>
                  <button type="button" className="mv-button" onClick={() => copy(field, json)}>
                    {copied?.picked === picked && copied.field === field ? t.copied : t.copy(field)}
                  </button>
                </dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p>{t.help}</p>
      )}
      <button type="button" className="mv-button" onClick={() => setClosedFor(picked)}>
        {close}
      </button>
    </section>
  );
}
