import { useLocation } from 'react-router';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { useSite } from '#client/layout/use-site.ts';
import { DEFAULT_LOCALE } from '#shared/content/types.ts';
import { toScriptSafeJson } from '#shared/http/serialize.ts';
import { IMAGE_FORMAT_TYPES, imageUrl, isTransformableImage } from '#shared/images.ts';
import { switchLocalePath } from '#shared/urls.ts';

import type { Asset } from '#shared/content/types.ts';

export interface SeoProps {
  title: string;
  description?: string;
  /** The share image (Open Graph, X); default the site's social image. */
  image?: Asset;
  /** Its text alternative; default the asset's description or title. */
  imageAlt?: string;
  /** Parameters that change what a share shows (the selected variant): in og:url, not in the canonical link. */
  shareParams?: Record<string, string>;
  /** Open Graph type; default `website`. */
  type?: 'website' | 'article' | 'product';
  /** Pages without translations (or errors) set this to false. Default true. */
  alternates?: boolean;
  noindex?: boolean;
  jsonLd?: object | object[];
}

/** Per-page head tags; React 19 hoists them into <head> on the server and keeps them current on navigations. */
export function Seo({ title, description, image, imageAlt, shareParams, type = 'website', alternates = true, noindex = false, jsonLd }: SeoProps) {
  const { site, origin, locale } = useSite();
  const { locales } = usePublicConfig();
  // Only the served locales are alternates (ADR 039); a site in one language has none.
  const translated = alternates && locales.length > 1;
  // The location is canonical: the server rendered the canonical URL and the browser adopts it (entry.client.tsx).
  const { pathname, search } = useLocation();
  const canonical = origin + pathname + canonicalSearch(search);
  const fullTitle = title === site.name ? title : `${title} · ${site.name}`;
  const desc = description ?? site.description;
  const shareSearch = new URLSearchParams(canonicalSearch(search));
  for (const [name, value] of Object.entries(shareParams ?? {})) shareSearch.set(name, value);
  const shareUrl = origin + pathname + (shareSearch.size > 0 ? `?${shareSearch.toString()}` : '');
  const shareImage = image ?? site.socialImage;
  const og = shareImage ? getShareImage(shareImage, origin) : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      <link rel="canonical" href={canonical} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {translated ? locales.map((l) => <link key={l} rel="alternate" hrefLang={l} href={origin + switchLocalePath(pathname, l)} />) : null}
      {translated ? <link rel="alternate" hrefLang="x-default" href={origin + switchLocalePath(pathname, DEFAULT_LOCALE)} /> : null}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={desc} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={shareUrl} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content={locale.replace('-', '_')} />
      {og && shareImage ? (
        <>
          <meta property="og:image" content={og.url} />
          <meta property="og:image:type" content={og.type} />
          {og.width ? <meta property="og:image:width" content={String(og.width)} /> : null}
          {og.height ? <meta property="og:image:height" content={String(og.height)} /> : null}
          <meta property="og:image:alt" content={imageAlt ?? (shareImage.description || shareImage.title)} />
          <meta name="twitter:image:alt" content={imageAlt ?? (shareImage.description || shareImage.title)} />
        </>
      ) : null}
      <meta name="twitter:card" content={og ? 'summary_large_image' : 'summary'} />
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: toScriptSafeJson(jsonLd) }} /> : null}
    </>
  );
}

/** Facebook's recommended width; X and LinkedIn take it too. */
const SHARE_IMAGE_WIDTH = 1200;

/**
 * The share image through the image pipeline: absolute, at most 1200 px wide (never enlarged), JPEG, or PNG where the source
 * may have alpha (scrapers read neither AVIF nor, everywhere, WebP); its size, so cards render before the image is fetched.
 */
export function getShareImage(asset: Asset, origin: string): { url: string; type: string; width?: number; height?: number } {
  if (!isTransformableImage(asset.contentType)) {
    const url = new URL(asset.url.startsWith('//') ? `https:${asset.url}` : asset.url, origin).toString();
    return { url, type: asset.contentType, ...(asset.width && asset.height ? { width: asset.width, height: asset.height } : {}) };
  }
  const format = asset.contentType.toLowerCase().includes('png') ? 'png' : 'jpg';
  // An unknown width asks for 1200: the asset server redirects a narrower image to its own size.
  const isWide = !asset.width || asset.width > SHARE_IMAGE_WIDTH;
  const url = new URL(imageUrl(asset.url, { format, ...(isWide ? { width: SHARE_IMAGE_WIDTH } : {}) }), origin).toString();
  const width = asset.width ? Math.min(asset.width, SHARE_IMAGE_WIDTH) : undefined;
  const height = width && asset.width && asset.height ? Math.round((asset.height * width) / asset.width) : undefined;
  return { url, type: IMAGE_FORMAT_TYPES[format], ...(width && height ? { width, height } : {}) };
}

/** Only pagination survives into the canonical URL. */
function canonicalSearch(search: string): string {
  const page = new URLSearchParams(search).get('page');
  return page && page !== '1' ? `?page=${encodeURIComponent(page)}` : '';
}
