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
  /** Absolute or origin-relative. */
  image?: string;
  /** og:url where a share shows more than the canonical page (a selected variant). */
  url?: string;
  type?: 'website' | 'article' | 'product';
  /** False for pages without translations. */
  alternates?: boolean;
  noindex?: boolean;
  jsonLd?: object | object[];
}

/** React 19 hoists these into <head> and keeps them current on navigations. */
export function Seo({ title, description, image, url, type = 'website', alternates = true, noindex = false, jsonLd }: SeoProps) {
  const { site, origin, locale } = useSite();
  const { locales } = usePublicConfig();
  // Only served locales are alternates (ADR 039).
  const translated = alternates && locales.length > 1;
  // Canonical: the browser adopts the URL the server rendered (entry.client.tsx).
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

function canonicalSearch(search: string): string {
  const page = new URLSearchParams(search).get('page');
  return page && page !== '1' ? `?page=${encodeURIComponent(page)}` : '';
}
