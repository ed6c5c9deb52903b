import { useLocation } from 'react-router';

import { usePublicConfig } from '#client/components/app-config.tsx';
import { absoluteUrl } from '#client/components/json-ld.ts';
import { useSite } from '#client/layout/use-site.ts';
import { DEFAULT_LOCALE } from '#shared/content/types.ts';
import { toScriptSafeJson } from '#shared/http/serialize.ts';
import { switchLocalePath } from '#shared/urls.ts';

export interface SeoProps {
  title: string;
  description?: string;
  /** Absolute or origin-relative image URL for Open Graph (the model page adds its size: share-image.tsx). */
  image?: string;
  /** og:url where a share shows more than the canonical page (a selected variant); default the canonical URL. */
  url?: string;
  /** Open Graph type; default `website`. */
  type?: 'website' | 'article' | 'product';
  /** Pages without translations (or errors) set this to false. Default true. */
  alternates?: boolean;
  noindex?: boolean;
  jsonLd?: object | object[];
}

/** Per-page head tags; React 19 hoists them into <head> on the server and keeps them current on navigations. */
export function Seo({ title, description, image, url, type = 'website', alternates = true, noindex = false, jsonLd }: SeoProps) {
  const { site, origin, locale } = useSite();
  const { locales } = usePublicConfig();
  // Only the served locales are alternates (ADR 039); a site in one language has none.
  const translated = alternates && locales.length > 1;
  // The location is canonical: the server rendered the canonical URL and the browser adopts it (entry.client.tsx).
  const { pathname, search } = useLocation();
  const canonical = origin + pathname + canonicalSearch(search);
  const fullTitle = title === site.name ? title : `${title} · ${site.name}`;
  const desc = description ?? site.description;
  const imageUrl = image ? absoluteUrl(image, origin) : site.socialImage ? absoluteUrl(site.socialImage.url, origin) : undefined;
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
      <meta property="og:url" content={url ?? canonical} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content={locale.replace('-', '_')} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: toScriptSafeJson(jsonLd) }} /> : null}
    </>
  );
}

/** Only pagination survives into the canonical URL. */
function canonicalSearch(search: string): string {
  if (!search) return '';
  const page = new URLSearchParams(search).get('page');
  return page && page !== '1' ? `?page=${encodeURIComponent(page)}` : '';
}
