import type { Model3D } from '#shared/content/types.ts';

// A path of characters URLs keep as they are (nothing to percent-encode, no dot segment, no backslash) on an origin as URLs spell
// it resolves to the two joined: no URL parse per link of every rendered page (ADR 056). Anything else goes through `new URL`.
const PLAIN_PATH = /^\/(?![/\\])[\w\-.~!$&*+,;=:@%/]*(?:\?[\w\-.~!$&*+,;=:@%/?]*)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
// Clients choose the Host a page is rendered for: bounded, cleared when full.
const canonicalOrigins = new Map<string, boolean>();

function isCanonicalOrigin(origin: string): boolean {
  let known = canonicalOrigins.get(origin);
  if (known === undefined) {
    if (canonicalOrigins.size >= 256) canonicalOrigins.clear();
    try {
      known = new URL(origin).origin === origin;
    } catch {
      known = false;
    }
    canonicalOrigins.set(origin, known);
  }
  return known;
}

/** `new URL(url, origin).toString()`: an origin-relative or absolute URL made absolute on `origin`. */
export function absoluteUrl(url: string, origin: string): string {
  if (PLAIN_PATH.test(url) && !DOT_SEGMENT.test(url) && isCanonicalOrigin(origin)) return origin + url;
  return new URL(url, origin).toString();
}

/** schema.org Product with its 3D model (https://schema.org/3DModel). */
export function modelJsonLd(model: Omit<Model3D, 'description' | 'hotspotNotes'>, origin: string, brand: string): object {
  const { dimensions } = model;
  const quantity = (value: number) => ({ '@type': 'QuantitativeValue', value, unitText: dimensions?.unit });
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: model.name,
    description: model.summary,
    brand: { '@type': 'Brand', name: brand },
    ...(model.poster ? { image: absoluteUrl(model.poster.url, origin) } : {}),
    ...(model.category ? { category: model.category.path.map((c) => c.label).join(' > ') } : {}),
    ...(dimensions ? { width: quantity(dimensions.width), height: quantity(dimensions.height), depth: quantity(dimensions.depth) } : {}),
    subjectOf: {
      '@type': '3DModel',
      name: model.name,
      encodingFormat: model.file.contentType,
      contentUrl: absoluteUrl(model.file.url, origin),
    },
  };
}

/** schema.org BreadcrumbList from ordered crumbs (the last one is the page itself). */
export function breadcrumbJsonLd(crumbs: Array<{ label: string; url: string }>, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: absoluteUrl(c.url, origin) })),
  };
}

/** schema.org Article. */
export function articleJsonLd(
  article: { title: string; excerpt: string; publishDate: string; updatedAt: string; heroImage?: { url: string }; author?: { name: string } },
  url: string,
  origin: string,
  publisher: string,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt,
    datePublished: article.publishDate,
    dateModified: article.updatedAt,
    mainEntityOfPage: absoluteUrl(url, origin),
    ...(article.heroImage ? { image: [absoluteUrl(article.heroImage.url, origin)] } : {}),
    ...(article.author ? { author: { '@type': 'Person', name: article.author.name } } : {}),
    publisher: { '@type': 'Organization', name: publisher },
  };
}
