import { imageUrl, isTransformableImage } from '#shared/images.ts';

import type { Asset } from '#shared/content/types.ts';

/** Facebook's recommended width; X and LinkedIn take it too. */
const SHARE_IMAGE_WIDTH = 1200;

/**
 * At most 1200 px wide, JPEG, or PNG where the source may have alpha (scrapers read neither AVIF nor, everywhere, WebP); SVG and GIF
 * as they are. With its size, so a card renders before the scraper has fetched the image.
 */
export function getShareImage(asset: Asset, alt?: string) {
  const text = alt ?? (asset.description || asset.title);
  const { width, height } = asset;
  if (!isTransformableImage(asset.contentType)) {
    return { url: asset.url, type: asset.contentType, alt: text, ...(width && height ? { width, height } : {}) };
  }
  const format = asset.contentType.toLowerCase().includes('png') ? 'png' : 'jpg';
  // Without a known width ask for 1200: the asset server redirects a narrower image to its own size.
  const isWide = !width || width > SHARE_IMAGE_WIDTH;
  const url = imageUrl(asset.url, { format, ...(isWide ? { width: SHARE_IMAGE_WIDTH } : {}) });
  const shown = width ? Math.min(width, SHARE_IMAGE_WIDTH) : undefined;
  const size = shown && width && height ? { width: shown, height: Math.round((height * shown) / width) } : {};
  return { url, type: format === 'png' ? 'image/png' : 'image/jpeg', alt: text, ...size };
}

/** React hoists these after `<Seo image>`'s og:image, as Open Graph's structured properties must follow their image. */
export function ShareImageMeta({ image }: { image: ReturnType<typeof getShareImage> }) {
  return (
    <>
      <meta property="og:image:type" content={image.type} />
      {image.width && image.height ? <meta property="og:image:width" content={String(image.width)} /> : null}
      {image.width && image.height ? <meta property="og:image:height" content={String(image.height)} /> : null}
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:image:alt" content={image.alt} />
    </>
  );
}
