import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Vector3 } from 'three';
import { METRES_PER_UNIT } from '#shared/content/types.ts';

import { clamp } from './camera.ts';
import { useMediaQuery } from './canvas-hooks.ts';
import { CANVAS_LABELS } from './canvas-labels.ts';

import type { RefObject } from 'react';
import type { BufferGeometry, LineBasicMaterial, LineSegments } from 'three';

import type { Dimensions, Locale, Vec3 } from '#shared/content/types.ts';

/** The bounding box in the file's units (glTF: metres) and the scale to a unit bounding sphere. */
export interface ModelBox {
  size: Vec3;
  scale: number;
}

/** `entryText`: the entry's value, when it differs from the file's by more than the tolerance. */
type DimensionReading = { axis: DimensionAxis; text: string; entryText?: string };

const UNITS: Record<Dimensions['unit'], { name: string; digits: number }> = {
  mm: { name: 'millimeter', digits: 0 },
  cm: { name: 'centimeter', digits: 1 },
  m: { name: 'meter', digits: 2 },
};
/** Rounding, or a handle the entry leaves out, may differ this much. */
const MISMATCH_TOLERANCE = 0.05;
// glTF: +y up, +z the front; so x is the width, z the depth.
const AXES = { width: 'x', height: 'y', depth: 'z' } as const satisfies Record<string, keyof Vec3>;
type DimensionAxis = keyof typeof AXES;

/** In the entry's unit (or cm below a metre, else m). */
export function getDimensionReadings(size: Vec3, locale: Locale, entry?: Dimensions): DimensionReading[] {
  const unit = entry?.unit ?? (Math.max(size.x, size.y, size.z) < 1 ? 'cm' : 'm');
  const { name, digits } = UNITS[unit];
  const format = new Intl.NumberFormat(locale, { style: 'unit', unit: name, maximumFractionDigits: digits });
  return (Object.keys(AXES) as DimensionAxis[]).map((axis) => {
    const value = size[AXES[axis]] / METRES_PER_UNIT[unit];
    const stated = entry?.[axis];
    const differs = stated !== undefined && stated > 0 && Math.abs(value - stated) / stated > MISMATCH_TOLERANCE;
    return { axis, text: format.format(value), ...(differs ? { entryText: format.format(stated) } : {}) };
  });
}

// In the drawn model's units (bounding-sphere radius 1).
const GAP = 0.06;
const TICK = 0.035;
const LABEL_OFFSET = 0.14;
/** Just above the contact shadow's plane. */
const FLOOR = 0.002;
/** Labels keep clear of the canvas edges and the toolbar. */
const EDGE_PX = 8;
const TOOLBAR_PX = 56;

/** For the front-right corner (+x, +z): width along the front, depth along the right side, height up the front-left edge. */
export function getDimensionGeometry({ size, scale }: ModelBox): { segments: number[]; anchors: Vec3[] } {
  const [w, h, d] = [(size.x * scale) / 2, size.y * scale, (size.z * scale) / 2];
  const [front, side] = [d + GAP, w + GAP];
  const segments = [
    [-w, FLOOR, front, w, FLOOR, front],
    ...[-w, w].map((x) => [x, FLOOR, front - TICK, x, FLOOR, front + TICK]),
    [side, FLOOR, -d, side, FLOOR, d],
    ...[-d, d].map((z) => [side - TICK, FLOOR, z, side + TICK, FLOOR, z]),
    [-side, 0, d, -side, h, d],
    ...[0, h].map((y) => [-side - TICK, y, d, -side + TICK, y, d]),
  ].flat();
  // In the readings' order: width, height, depth.
  const anchors = [
    { x: 0, y: FLOOR, z: front + LABEL_OFFSET },
    { x: -side - LABEL_OFFSET, y: h / 2, z: d },
    { x: side + LABEL_OFFSET, y: FLOOR, z: 0 },
  ];
  return { segments, anchors };
}

/** Mirrored each frame to the box edges facing the camera, with the DOM labels moved to them. R3F disposes what it made. */
function DimensionLines({ box, labels }: { box: ModelBox; labels: RefObject<(HTMLElement | null)[]> }) {
  const gl = useThree((state) => state.gl);
  const invalidate = useThree((state) => state.invalidate);
  const linesRef = useRef<LineSegments<BufferGeometry, LineBasicMaterial>>(null);
  const { positions, anchors } = useMemo(() => {
    const { segments, anchors } = getDimensionGeometry(box);
    return { positions: new Float32Array(segments), anchors };
  }, [box]);
  const point = useMemo(() => new Vector3(), []);
  const isDark = useMediaQuery('(prefers-color-scheme: dark)');

  // The stage's text colour, read again when the scheme flips: readable on the light and the dark surface.
  useEffect(() => {
    linesRef.current?.material.color.setStyle(getComputedStyle(gl.domElement).color || '#888888');
    invalidate();
    return invalidate;
  }, [gl, isDark, invalidate]);

  useFrame(({ camera, size }) => {
    const sx = camera.position.x < 0 ? -1 : 1;
    const sz = camera.position.z < 0 ? -1 : 1;
    linesRef.current?.scale.set(sx, 1, sz);
    anchors.forEach((anchor, i) => {
      const element = labels.current[i];
      if (!element) return;
      point.set(anchor.x * sx, anchor.y, anchor.z * sz).project(camera);
      const x = clamp(((point.x + 1) / 2) * size.width, EDGE_PX, size.width - EDGE_PX);
      const y = clamp(((1 - point.y) / 2) * size.height, TOOLBAR_PX, size.height - EDGE_PX);
      element.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px) translate(-50%, -50%)`;
      element.dataset.placed = String(point.z < 1);
    });
  });

  // Drawn over the model, never hidden by it.
  return (
    <lineSegments ref={linesRef} renderOrder={10} frustumCulled={false}>
      <bufferGeometry>
        <bufferAttribute attach="attributes-position" args={[positions, 3]} />
      </bufferGeometry>
      <lineBasicMaterial depthTest={false} transparent toneMapped={false} />
    </lineSegments>
  );
}

/** `lines` go inside the canvas, `overlay` (labels, and the numbers for assistive tech) over it; `toggle` once measured. */
export function useDimensions(locale: Locale, entry: Dimensions | undefined, preview: boolean) {
  const t = CANVAS_LABELS[locale];
  const [isShown, setIsShown] = useState(false);
  const [box, setBox] = useState<ModelBox | null>(null);
  const labels = useRef<(HTMLElement | null)[]>([]);
  const summaryId = useId();
  const readings = useMemo(() => (box ? getDimensionReadings(box.size, locale, entry) : null), [box, locale, entry]);
  const onToggle = useCallback(() => setIsShown((shown) => !shown), []);
  const isDrawn = isShown && box !== null && readings !== null;

  return {
    onModelBox: setBox,
    ...(readings ? { toggle: { isShown, onToggle, describedBy: summaryId } } : {}),
    lines: isDrawn ? <DimensionLines box={box} labels={labels} /> : null,
    overlay: readings ? (
      <>
        <p id={summaryId} className="visually-hidden">
          {t.dimensionsSummary(readings.map((reading) => reading.text))}
        </p>
        {isDrawn ? (
          // The summary above says the same to assistive tech.
          <div className="mv-dimensions" aria-hidden="true">
            {readings.map((reading, i) => (
              <span
                key={reading.axis}
                ref={(element) => void (labels.current[i] = element)}
                className={preview && reading.entryText ? 'mv-dimension mv-dimension--mismatch' : 'mv-dimension'}
                data-axis={reading.axis}
              >
                {reading.text}
                {preview && reading.entryText ? <small>{t.entryDimension(reading.entryText)}</small> : null}
              </span>
            ))}
          </div>
        ) : null}
      </>
    ) : null,
  };
}
