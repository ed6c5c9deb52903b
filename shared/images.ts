import { IMAGE_DEVICE_WIDTHS, IMAGE_QUALITY, IMAGE_WIDTHS } from '#shared/constants.ts';

// The Contentful Images API subset our asset server answers too; srcset rules mirror next/image (ADR 012).

export const IMAGE_FORMATS = ['avif', 'webp', 'jpg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const ALLOWED_IMAGE_WIDTHS: readonly number[] = [...IMAGE_WIDTHS, ...IMAGE_DEVICE_WIDTHS].sort((a, b) => a - b);

export const IMAGE_FORMAT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

const TRANSFORMABLE = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp', 'image/avif']);

/** SVGs (vector) and GIFs (possibly animated) are served as they are, like next/image does for SVG. */
export function isTransformableImage(contentType: string): boolean {
  return TRANSFORMABLE.has(contentType.toLowerCase().split(';', 1)[0]!.trim());
}

export function snapImageWidth(width: number): number {
  return ALLOWED_IMAGE_WIDTHS.find((w) => w >= width) ?? ALLOWED_IMAGE_WIDTHS[ALLOWED_IMAGE_WIDTHS.length - 1]!;
}

interface ImageUrlOptions {
  /** Rounded up to an allowed width. */
  width?: number;
  /** Default 75, the one quality the asset server allows out of the box. */
  quality?: number;
  format?: ImageFormat;
}

/** In a fixed order, so equal requests get equal URLs (one cache entry each, here and in CDNs). */
export function imageUrl(url: string, options: ImageUrlOptions = {}): string {
  const { width, quality = IMAGE_QUALITY, format } = options;
  const [, base = '', query = ''] = /^([^?#]*)(?:\?([^#]*))?/.exec(url)!;
  const params = new URLSearchParams(query);
  for (const key of ['w', 'h', 'q', 'fm', 'fit']) params.delete(key);
  if (width !== undefined) params.set('w', String(snapImageWidth(width)));
  params.set('q', String(Number.isFinite(quality) ? Math.min(100, Math.max(1, Math.round(quality))) : IMAGE_QUALITY));
  if (format) params.set('fm', format);
  const absoluteBase = base.startsWith('//') ? `https:${base}` : base;
  return `${absoluteBase}?${params.toString()}`;
}

/** As next/image picks them: with `sizes`, widths from the smallest `vw` share of the smallest device; with `width`, 1x and 2x. */
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

interface ImageSrcSetOptions extends ImageUrlOptions {
  sizes?: string;
  /** Wider candidates collapse into one at its own size: neither image service enlarges. */
  intrinsicWidth?: number;
}

export interface ImageSrcSet {
  src: string;
  srcSet: string;
  sizes?: string;
}

// Pages show the same few images on every request: each one's candidates are built once (ADR 054), at most this many kept.
const MEMO_MAX = 1000;
const srcSets = new Map<string, Readonly<ImageSrcSet>>();

export function imageSrcSet(url: string, options: ImageSrcSetOptions = {}): Readonly<ImageSrcSet> {
  const { width, sizes, quality, format, intrinsicWidth } = options;
  const key = JSON.stringify([url, width, sizes, quality, format, intrinsicWidth]);
  let set = srcSets.get(key);
  if (set === undefined) {
    if (srcSets.size >= MEMO_MAX) srcSets.clear();
    srcSets.set(key, (set = Object.freeze(buildSrcSet(url, options))));
  }
  return set;
}

function buildSrcSet(url: string, options: ImageSrcSetOptions): ImageSrcSet {
  const { width, sizes, quality, format, intrinsicWidth } = options;
  const { widths: candidates, kind } = getImageWidths(width, sizes);
  const widths = intrinsicWidth ? capWidths(candidates, intrinsicWidth) : candidates;
  const build = (w: number | undefined) =>
    imageUrl(url, { ...(w === undefined ? {} : { width: w }), ...(quality === undefined ? {} : { quality }), ...(format ? { format } : {}) });
  const srcSet = widths.map((w, i) => `${build(w)} ${kind === 'w' ? (w ?? intrinsicWidth) : i + 1}${kind}`).join(', ');
  const resolvedSizes = sizes ?? (kind === 'w' ? '100vw' : undefined);
  return { src: build(widths[widths.length - 1]), srcSet, ...(resolvedSizes ? { sizes: resolvedSizes } : {}) };
}

/** `undefined` stands for the image's own width. */
function capWidths(widths: number[], intrinsicWidth: number): Array<number | undefined> {
  const kept: Array<number | undefined> = widths.filter((w) => w <= intrinsicWidth);
  const isCut = kept.length < widths.length && !widths.includes(intrinsicWidth);
  return isCut ? [...kept, undefined] : kept;
}
