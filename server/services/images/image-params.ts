import { ALLOWED_IMAGE_WIDTHS, IMAGE_FORMATS } from '#shared/images.ts';

import type { ImageFormat } from '#shared/images.ts';

/** No width: the image's own; no format: the source's. */
export interface ImageParams {
  width?: number;
  quality: number;
  format?: ImageFormat;
}

export type ImageParamsResult =
  | { ok: true; params: ImageParams | null }
  /** Well-formed but not canonical (a quality the server does not render): answer 307 to `params`. */
  | { ok: 'redirect'; params: ImageParams }
  | { ok: false; parameter: string; message: string };

const WIDTH = /^[1-9]\d{0,3}$/;
const QUALITY = /^[1-9]\d{0,2}$/;

const fail = (parameter: string, message: string): ImageParamsResult => ({ ok: false, parameter, message });

/** Ties go to the higher one. */
export function getNearestQuality(quality: number, allowed: readonly number[]): number {
  return allowed.reduce((best, candidate) => (Math.abs(candidate - quality) <= Math.abs(best - quality) ? candidate : best));
}

/** Allow-lists, so the server is never an open resizer (ADR 012); pages built under another IMAGE_QUALITIES are redirected, not broken. */
export function parseImageParams(search: string, qualities: readonly number[]): ImageParamsResult {
  const query = new URLSearchParams(search);
  const params: ImageParams = { quality: qualities[0]! };
  const seen = new Set<string>();
  for (const [name, value] of query) {
    const label = name.slice(0, 40);
    if (seen.has(name)) return fail(label, `Parameter ${label} is given more than once`);
    seen.add(name);
    switch (name) {
      case 'w': {
        const width = WIDTH.test(value) ? Number(value) : NaN;
        if (!ALLOWED_IMAGE_WIDTHS.includes(width)) return fail(name, `Parameter w must be one of ${ALLOWED_IMAGE_WIDTHS.join(', ')}`);
        params.width = width;
        break;
      }
      case 'q': {
        const quality = QUALITY.test(value) ? Number(value) : NaN;
        if (!(quality <= 100)) return fail(name, `Parameter q must be one of ${qualities.join(', ')}`);
        params.quality = quality;
        break;
      }
      case 'fm':
        if (!(IMAGE_FORMATS as readonly string[]).includes(value)) return fail(name, `Parameter fm must be one of ${IMAGE_FORMATS.join(', ')}`);
        params.format = value as ImageFormat;
        break;
      default:
        return fail(label, `Unknown parameter ${label}; supported: w, q, fm`);
    }
  }
  if (seen.size === 0) return { ok: true, params: null };
  if (!qualities.includes(params.quality)) return { ok: 'redirect', params: { ...params, quality: getNearestQuality(params.quality, qualities) } };
  return { ok: true, params };
}
