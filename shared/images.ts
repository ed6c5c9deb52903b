import { IMAGE_DEVICE_WIDTHS, IMAGE_QUALITY, IMAGE_WIDTHS } from '#shared/constants.ts';

/**
 * The one image-URL builder. It speaks the Contentful Images API
 * (https://www.contentful.com/developers/docs/references/images-api/) with
 * the subset our own asset server answers too (`w`, `h`, `q`, `fm`, `fit`),
 * so the same call works for `https://images.ctfassets.net/…` and for the
 * embedded space's `/content-assets/…` URLs. Widths and the srcset rules
 * mirror next/image (vercel/next.js: packages/next/src/shared/lib/get-img-props.ts).
 */

/** Output formats the builder emits and the asset server accepts (`fm`). */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Resize behaviours of the Images API (`fit`). */
export const IMAGE_FITS = ['pad', 'fill', 'scale', 'crop', 'thumb'] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

/** Every width an image may be requested at: device and image widths, ascending. */
export const ALLOWED_IMAGE_WIDTHS: readonly number[] = [...IMAGE_WIDTHS, ...IMAGE_DEVICE_WIDTHS].sort((a, b) => a - b);

/**
 * Qualities the asset server renders. Any `q` from 1 to 100 is accepted and
 * snapped to the nearest of these, so the number of variants per image stays bounded.
 */
export const IMAGE_QUALITIES: readonly number[] = [25, 50, IMAGE_QUALITY, 90, 100];

/** The MIME type of each output format. */
export const IMAGE_FORMAT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

const TRANSFORMABLE = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp', 'image/avif']);

/**
 * Whether an image is resized and re-encoded. SVGs (vector) and GIFs
 * (possibly animated) are served as they are, like next/image does for SVG.
 */
export function isTransformableImage(contentType: string): boolean {
  return TRANSFORMABLE.has(contentType.toLowerCase().split(';', 1)[0]!.trim());
}

/** The smallest allowed width covering `width` (the largest allowed width beyond it). */
export function snapImageWidth(width: number): number {
  return ALLOWED_IMAGE_WIDTHS.find((w) => w >= width) ?? ALLOWED_IMAGE_WIDTHS[ALLOWED_IMAGE_WIDTHS.length - 1]!;
}

/** The allowed quality closest to `quality` (ties go to the higher one). */
export function snapImageQuality(quality: number): number {
  let best = IMAGE_QUALITY;
  let bestDistance = Infinity;
  for (const candidate of IMAGE_QUALITIES) {
    const distance = Math.abs(candidate - quality);
    if (distance <= bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

export interface ImageUrlOptions {
  /** Rounded up to an allowed width ({@link snapImageWidth}). */
  width?: number;
  /** Rounded up like `width`: the asset server renders the allowed sizes only. */
  height?: number;
  /** 1–100, snapped to {@link IMAGE_QUALITIES}. Default 75. */
  quality?: number;
  /** Default: the original format. */
  format?: ImageFormat;
  fit?: ImageFit;
}

/**
 * Adds Images API parameters to an asset URL, in a fixed order (`w h q fm fit`)
 * so equal requests get equal URLs (one cache entry each, here and in CDNs).
 * Protocol-relative Contentful URLs (`//images.ctfassets.net/…`) become https.
 */
export function imageUrl(url: string, options: ImageUrlOptions = {}): string {
  const { width, height, quality = IMAGE_QUALITY, format, fit } = options;
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : withoutHash.slice(queryAt + 1));
  for (const key of ['w', 'h', 'q', 'fm', 'fit']) params.delete(key);
  if (width !== undefined) params.set('w', String(snapImageWidth(width)));
  if (height !== undefined) params.set('h', String(snapImageWidth(height)));
  params.set('q', String(snapImageQuality(quality)));
  if (format) params.set('fm', format);
  if (fit) params.set('fit', fit);
  const absoluteBase = base.startsWith('//') ? `https:${base}` : base;
  return `${absoluteBase}?${params.toString()}`;
}

/**
 * The candidate widths for a srcset, exactly as next/image picks them:
 * with `sizes`, every allowed width not below the smallest `vw` share of the
 * smallest device (`w` descriptors); with only a fixed `width`, the allowed
 * widths covering 1x and 2x (`x` descriptors); with neither, the device widths.
 */
export function getImageWidths(width?: number, sizes?: string): { widths: number[]; kind: 'w' | 'x' } {
  if (sizes) {
    const percents = [...sizes.matchAll(/(^|\s)(1?\d?\d)vw/g)].map((match) => Number.parseInt(match[2]!, 10));
    if (percents.length > 0) {
      const smallestRatio = Math.min(...percents) * 0.01;
      return { widths: ALLOWED_IMAGE_WIDTHS.filter((w) => w >= IMAGE_DEVICE_WIDTHS[0] * smallestRatio), kind: 'w' };
    }
    return { widths: [...ALLOWED_IMAGE_WIDTHS], kind: 'w' };
  }
  if (width === undefined) return { widths: [...IMAGE_DEVICE_WIDTHS], kind: 'w' };
  return { widths: [...new Set([snapImageWidth(width), snapImageWidth(width * 2)])], kind: 'x' };
}

export interface ImageSrcSetOptions {
  /** Rendered CSS width in px; without `sizes` it yields 1x/2x candidates. */
  width?: number;
  /** The `sizes` attribute; yields `w` candidates. */
  sizes?: string;
  quality?: number;
  format?: ImageFormat;
  /**
   * The image's own width. Candidates above it are collapsed into the first
   * allowed width that covers it, since neither image service enlarges.
   * (A deviation from next/image, which requests them anyway.)
   */
  intrinsicWidth?: number;
}

export interface ImageSrcSet {
  /** The largest candidate, as next/image does. */
  src: string;
  srcSet: string;
  /** `100vw` when the candidates are `w` descriptors and no `sizes` was given. */
  sizes?: string;
}

/** `src`, `srcSet` and `sizes` for one format of an image (see {@link getImageWidths}). */
export function imageSrcSet(url: string, options: ImageSrcSetOptions = {}): ImageSrcSet {
  const { width, sizes, quality, format, intrinsicWidth } = options;
  const { widths: candidates, kind } = getImageWidths(width, sizes);
  const widths = kind === 'w' && intrinsicWidth ? capWidths(candidates, intrinsicWidth) : candidates;
  const build = (w: number) => imageUrl(url, { width: w, ...(quality === undefined ? {} : { quality }), ...(format ? { format } : {}) });
  const srcSet = widths.map((w, i) => `${build(w)} ${kind === 'w' ? w : i + 1}${kind}`).join(', ');
  const resolvedSizes = sizes ?? (kind === 'w' ? '100vw' : undefined);
  return { src: build(widths[widths.length - 1]!), srcSet, ...(resolvedSizes ? { sizes: resolvedSizes } : {}) };
}

function capWidths(widths: number[], intrinsicWidth: number): number[] {
  const cover = widths.find((w) => w >= intrinsicWidth);
  const kept = widths.filter((w) => w < intrinsicWidth);
  return cover === undefined ? kept : [...kept, cover];
}
