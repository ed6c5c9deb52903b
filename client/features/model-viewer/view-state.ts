import { useCallback, useState } from 'react';

// `?variant=<id>&hotspot=<id>&view=<azimuth>,<polar>,<distance>` (ADR 049): the source of truth on load, then kept in sync.

export interface ViewOrbit {
  azimuthDeg: number;
  polarDeg: number;
  /** In bounding-sphere radii. */
  distance: number;
}

interface ViewState {
  variant?: string;
  hotspot?: string;
  orbit?: ViewOrbit;
}

/** Ids are Contentful entry ids (letters, digits, `-`, `_`, `.`) or slugs: anything else in the URL is ignored, never echoed. */
const ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_DISTANCE = 100;

function readId(value: string | null): string | undefined {
  return value !== null && ID_PATTERN.test(value) ? value : undefined;
}

/** `35,68,2.4`, or undefined when any part is missing, not finite or out of range. */
export function parseOrbit(value: string | null): ViewOrbit | undefined {
  if (value === null || value.length > 40) return undefined;
  const parts = value.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (parts.length !== 3 || !parts.every(Number.isFinite)) return undefined;
  const [azimuthDeg = 0, polarDeg = 0, distance = 0] = parts;
  if (polarDeg < 0 || polarDeg > 180 || distance <= 0 || distance > MAX_DISTANCE) return undefined;
  // Azimuth wraps: any turn maps to (-180, 180].
  const wrapped = ((((azimuthDeg + 180) % 360) + 360) % 360) - 180;
  return { azimuthDeg: wrapped === -180 ? 180 : wrapped, polarDeg, distance };
}

export function formatOrbit({ azimuthDeg, polarDeg, distance }: ViewOrbit): string {
  return `${round(azimuthDeg, 1)},${round(polarDeg, 1)},${round(distance, 2)}`;
}

/** Never -0. */
export function round(value: number, digits: number): number {
  return Math.round(value * 10 ** digits) / 10 ** digits || 0;
}

export function readViewState(search: string): ViewState {
  const params = new URLSearchParams(search);
  return { variant: readId(params.get('variant')), hotspot: readId(params.get('hotspot')), orbit: parseOrbit(params.get('view')) };
}

/** Absent fields are removed; other parameters and the hash stay. */
export function withViewState(href: string, { variant, hotspot, orbit }: ViewState): string {
  const url = new URL(href);
  for (const [key, value] of Object.entries({ variant, hotspot, view: orbit && formatOrbit(orbit) })) {
    if (value === undefined) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.toString();
}

/** No router navigation (no loader runs), and the router's history state stays (its key drives scroll restoration). */
function replaceViewState(patch: ViewState): void {
  const next = withViewState(window.location.href, { ...readViewState(window.location.search), ...patch });
  if (next !== window.location.href) window.history.replaceState(window.history.state, '', next);
}

/** The visitor's choice of `key`, kept for one `owner` (a client navigation to another model starts from its own link), and written to the address. */
export function useViewChoice(owner: unknown, key: 'variant' | 'hotspot'): [{ id: string | null } | null, (id: string | null) => void] {
  const [chosen, setChosen] = useState<{ owner: unknown; id: string | null } | null>(null);
  const choose = useCallback(
    (id: string | null) => {
      setChosen({ owner, id });
      replaceViewState({ [key]: id ?? undefined });
    },
    [owner, key],
  );
  return [chosen?.owner === owner ? chosen : null, choose];
}
