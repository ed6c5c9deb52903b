import { IMAGE_QUALITY } from '#shared/constants.ts';
import { ALLOWED_IMAGE_WIDTHS, IMAGE_FITS, IMAGE_FORMATS, snapImageQuality } from '#shared/images.ts';

import type { ImageFit, ImageFormat } from '#shared/images.ts';

/** Validated Images API parameters (the subset shared/images.ts emits). */
export interface ImageParams {
  width?: number;
  height?: number;
  /** Already snapped to an allowed quality. */
  quality: number;
  format?: ImageFormat;
  fit?: ImageFit;
}

export type ImageParamsResult =
  | { ok: true; params: ImageParams | null }
  | { ok: false; parameter: string; message: string };

const SIZE = /^[1-9]\d{0,4}$/;
const QUALITY = /^\d{1,3}$/;

function fail(parameter: string, message: string): ImageParamsResult {
  return { ok: false, parameter, message };
}

function parseSize(name: string, value: string): number | string {
  const size = SIZE.test(value) ? Number(value) : NaN;
  if (!ALLOWED_IMAGE_WIDTHS.includes(size)) return `Parameter ${name} must be one of ${ALLOWED_IMAGE_WIDTHS.join(', ')}`;
  return size;
}

/**
 * Parses the query string of an asset request. `params` is null when there
 * is none (the original file is served). Every value is checked against the
 * allow-lists, so the server renders a bounded set of variants and is never
 * an open resizer: unknown or repeated parameters, widths and heights outside
 * the allowed sizes, qualities outside 1–100 and unknown formats or fits fail
 * with the offending parameter named. Qualities snap to the allowed set.
 */
export function parseImageParams(search: string): ImageParamsResult {
  const query = new URLSearchParams(search);
  const params: ImageParams = { quality: IMAGE_QUALITY };
  const seen = new Set<string>();
  for (const [name, value] of query) {
    const label = name.slice(0, 40);
    if (seen.has(name)) return fail(label, `Parameter ${label} is given more than once`);
    seen.add(name);
    switch (name) {
      case 'w':
      case 'h': {
        const size = parseSize(name, value);
        if (typeof size === 'string') return fail(name, size);
        params[name === 'w' ? 'width' : 'height'] = size;
        break;
      }
      case 'q': {
        const quality = QUALITY.test(value) ? Number(value) : NaN;
        if (!(quality >= 1 && quality <= 100)) return fail(name, 'Parameter q must be an integer from 1 to 100');
        params.quality = snapImageQuality(quality);
        break;
      }
      case 'fm':
        if (!(IMAGE_FORMATS as readonly string[]).includes(value)) return fail(name, `Parameter fm must be one of ${IMAGE_FORMATS.join(', ')}`);
        params.format = value as ImageFormat;
        break;
      case 'fit':
        if (!(IMAGE_FITS as readonly string[]).includes(value)) return fail(name, `Parameter fit must be one of ${IMAGE_FITS.join(', ')}`);
        params.fit = value as ImageFit;
        break;
      default:
        return fail(label, `Unknown parameter ${label}; supported: w, h, q, fm, fit`);
    }
  }
  return { ok: true, params: seen.size === 0 ? null : params };
}
