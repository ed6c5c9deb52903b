import { IMAGE_FORMAT_TYPES, imageSrcSet, isTransformableImage } from '#shared/images.ts';

import type { Asset } from '#shared/content/types.ts';
import type { ImageFormat, ImageSrcSet } from '#shared/images.ts';

export interface ImageProps {
  asset: Asset;
  /** Default: the asset's description, else its title. Pass `""` for decorative images. */
  alt?: string;
  /** Rendered width in CSS px: 1x/2x candidates unless `sizes` is set. Default: the asset's width, device-width candidates. */
  width?: number;
  /** Gives `w` candidates. Default `100vw` unless `width` is set. */
  sizes?: string;
  /** The LCP image. */
  priority?: boolean;
  className?: string;
  /** E.g. a poster the 3D view has replaced. */
  ariaHidden?: boolean;
}

/** Keeps the asset's aspect ratio, so the browser reserves the box. */
export function getImageDimensions(asset: Pick<Asset, 'width' | 'height'>, width?: number): { width?: number; height?: number } {
  if (!width) return { ...(asset.width ? { width: asset.width } : {}), ...(asset.height ? { height: asset.height } : {}) };
  return { width, ...(asset.width && asset.height ? { height: Math.round(width * (asset.height / asset.width)) } : {}) };
}

/** Every browser decodes it; alpha kept when the original may have it. */
function fallbackFormat(contentType: string): ImageFormat {
  return /^image\/p?jpe?g$/i.test(contentType) ? 'jpg' : 'png';
}

/** Our next/image: AVIF/WebP `<source type>`s, as the Images API does no Accept negotiation, and a jpg/png fallback (ADR 005). */
export function Image({ asset, alt, width, sizes, priority = false, className, ariaHidden }: ImageProps) {
  const dimensions = getImageDimensions(asset, width);
  const loading = priority ? { loading: 'eager' as const, fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const };
  const imgProps = {
    alt: alt ?? (asset.description || asset.title),
    ...dimensions,
    ...loading,
    ...(className ? { className } : {}),
    ...(ariaHidden ? { 'aria-hidden': true } : {}),
  };

  if (!isTransformableImage(asset.contentType)) return <img {...imgProps} src={asset.url} />;

  const candidates = (format: ImageFormat): ImageSrcSet =>
    imageSrcSet(asset.url, {
      format,
      ...(sizes ? { sizes } : width ? { width } : {}),
      ...(asset.width ? { intrinsicWidth: asset.width } : {}),
    });
  const fallback = candidates(fallbackFormat(asset.contentType));
  return (
    <picture>
      {(['avif', 'webp'] as const).map((format) => {
        const set = candidates(format);
        return <source key={format} type={IMAGE_FORMAT_TYPES[format]} srcSet={set.srcSet} sizes={set.sizes} />;
      })}
      {/* src last: React sets attributes in order, and Safari fetches src before reading srcset (next/image note). */}
      <img {...imgProps} sizes={fallback.sizes} srcSet={fallback.srcSet} src={fallback.src} />
    </picture>
  );
}
