import type { Document } from '@contentful/rich-text-types';

/**
 * Domain types shared by the server (ContentService mapper, search record
 * mapper) and the client (pages, rich text, viewer). They are plain JSON:
 * dates are ISO strings, so loader data serializes without revivers.
 */

/** Locales Vitrine ships. `en-US` is the default; `de-DE` falls back to it. */
export const LOCALES = ['en-US', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Short locale prefix used in URLs (`/de/...`); the default locale has none. */
export const LOCALE_PREFIX: Record<Locale, string> = { 'en-US': '', 'de-DE': 'de' };

/** A Contentful asset reduced to what pages need. `url` is absolute (`https://…`) or origin-relative (`/content-assets/…`). */
export interface Asset {
  id: string;
  title: string;
  description: string;
  url: string;
  contentType: string;
  fileName: string;
  size: number;
  width?: number;
  height?: number;
}

export interface Tag {
  id: string;
  name: string;
}

/** One node of the taxonomy, with its path from the root (for breadcrumbs). */
export interface Category {
  id: string;
  label: string;
  /** Ancestors first, this concept last. */
  path: { id: string; label: string }[];
}

export interface Person {
  id: string;
  name: string;
  avatar?: Asset;
  bio?: string;
}

export type EntryType = 'article' | 'model' | 'page' | 'person';

/** What rich text needs to render a link to or an embed of another entry. */
export interface EntryRef {
  id: string;
  type: EntryType;
  title: string;
  /** Route of the entry in the document's locale, e.g. `/de/models/chair`. */
  url: string;
  summary?: string;
  image?: Asset;
  /** Present when `type === 'model'`: what an embedded viewer needs. */
  model?: ViewerSource;
}

/** Linked entries and assets of a rich-text document, resolved by the loader so rendering stays pure. */
export interface RichTextLinks {
  entries: Record<string, EntryRef>;
  assets: Record<string, Asset>;
}

export interface RichText {
  document: Document;
  links: RichTextLinks;
}

export interface Dimensions {
  width: number;
  height: number;
  depth: number;
  unit: 'mm' | 'cm' | 'm';
}

/** Everything the 3D viewer needs to show one model. */
export interface ViewerSource {
  src: string;
  alt: string;
  poster?: Asset;
  dimensions?: Dimensions;
  /** Default camera angle in degrees, when the editor set one. */
  camera?: { azimuthDeg: number; polarDeg: number };
  autoRotate?: boolean;
}

interface EntryBase {
  id: string;
  locale: Locale;
  slug: string;
  tags: Tag[];
  updatedAt: string;
}

export interface ArticleSummary extends EntryBase {
  type: 'article';
  title: string;
  excerpt: string;
  heroImage?: Asset;
  author?: Person;
  publishDate: string;
}

export interface Article extends ArticleSummary {
  body: RichText;
}

export interface ModelSummary extends EntryBase {
  type: 'model';
  name: string;
  summary: string;
  poster?: Asset;
  category?: Category;
}

export interface Model3D extends ModelSummary {
  description: RichText;
  file: Asset;
  dimensions?: Dimensions;
  viewer: ViewerSource;
}

export interface Page extends EntryBase {
  type: 'page';
  title: string;
  body: RichText;
  seoTitle?: string;
  seoDescription?: string;
  ogImage?: Asset;
}

export interface NavigationLink {
  label: string;
  url: string;
}

export interface SiteSettings {
  /** Entry id and last update of the settings entry (`site`/epoch when the space has none). */
  id: string;
  updatedAt: string;
  name: string;
  description: string;
  navigation: NavigationLink[];
  footer: RichText;
  socialImage?: Asset;
}

/** One search record; the same shape goes to Algolia and to the embedded engine. */
export interface SearchRecord {
  /** `${entryId}:${locale}` or `${entryId}:${locale}:${chunk}` for body chunks. */
  objectID: string;
  entryId: string;
  type: 'article' | 'model' | 'page';
  locale: Locale;
  title: string;
  slug: string;
  url: string;
  summary: string;
  /** One chunk of the body text (records with the same `entryId`+`locale` are deduplicated by `distinct`). */
  body: string;
  chunk: number;
  tags: string[];
  image?: string;
  updatedAt: string;
}

/**
 * A rich-text field rendered to HTML once, on the server. Pages show it as
 * HTML and keep the server's DOM when hydrating, so neither the rich-text
 * document nor its renderer travels with the page. `html` is null in the
 * hydration data (the browser reads the server's DOM instead) and present in
 * route-data responses for client navigations.
 */
export interface RenderedRichText {
  kind: 'rendered-rich-text';
  /** Stable per field and locale; the DOM id of the rendered container. */
  key: string;
  html: string | null;
}

/** Is `value` a rendered rich-text field? */
export function isRenderedRichText(value: unknown): value is RenderedRichText {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'rendered-rich-text';
}
