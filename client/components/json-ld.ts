import { joinPlainUrl } from '#shared/http/plain-url.ts';

import type { Model3D } from '#shared/content/types.ts';

// The server's join without a URL parse (ADR 056); the browser bundle keeps only `new URL` (first-load budget).
export const absoluteUrl = import.meta.env.SSR ? joinPlainUrl : (url: string, origin: string) => new URL(url, origin).toString();

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

/** The last crumb is the page itself. */
export function breadcrumbJsonLd(crumbs: Array<{ label: string; url: string }>, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: absoluteUrl(c.url, origin) })),
  };
}

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
