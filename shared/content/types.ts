import type { Document } from '@contentful/rich-text-types';

// Plain JSON (dates are ISO strings): loader data needs no revivers.

export const LOCALES = ['en-US', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export const LOCALE_PREFIX: Record<Locale, string> = { 'en-US': '', 'de-DE': 'de' };

/** `url` is absolute (`https://…`) or origin-relative (`/content-assets/…`). */
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

/** `path`: ancestors first, this concept last. */
export interface Category {
  id: string;
  label: string;
  path: { id: string; label: string }[];
}

export interface Person {
  id: string;
  name: string;
  avatar?: Asset;
  bio?: string;
}

export type EntryType = 'article' | 'model' | 'page' | 'person';

/** `url` in the document's locale, `model` for model embeds. */
export interface EntryRef {
  id: string;
  type: EntryType;
  title: string;
  url: string;
  summary?: string;
  image?: Asset;
  model?: ViewerSource;
}

/** Resolved by the loader so rendering stays pure. */
export interface RichTextLinks {
  entries: Record<string, EntryRef>;
  assets: Record<string, Asset>;
}

export interface RichText {
  document: Document;
  links: RichTextLinks;
}

/** What an entry's dimensions may be given in, and how many metres each is (glTF is in metres). */
export const METRES_PER_UNIT = { mm: 0.001, cm: 0.01, m: 1 } as const;

export interface Dimensions {
  width: number;
  height: number;
  depth: number;
  unit: keyof typeof METRES_PER_UNIT;
}

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/**
 * ADR 045. `id` is the `?variant=` value. A file variant (`gltfName` in the file's KHR_materials_variants) switches materials
 * the file defines; a colour variant (`colors`: material name → '#rrggbb') tints the named materials.
 */
export interface ModelVariant {
  id: string;
  /** Live Preview tags the swatch with it. */
  entryId?: string;
  label: string;
  gltfName?: string;
  colors?: Record<string, string>;
  swatch?: string;
  /** The page poster and og:image while it is selected. */
  poster?: Asset;
}

/** `position` and `normal` in the glTF's scene-root space, metres; `id` is the `?hotspot=` value. */
export interface Hotspot {
  id: string;
  label: string;
  position: Vec3;
  normal: Vec3;
  camera?: { azimuthDeg: number; polarDeg: number; distance?: number };
}

/** `camera`: the editor's default angle. */
export interface ViewerSource {
  src: string;
  alt: string;
  poster?: Asset;
  dimensions?: Dimensions;
  camera?: { azimuthDeg: number; polarDeg: number };
  autoRotate?: boolean;
  /** A multi-file .gltf's sibling files, file name → URL, so its relative URIs load from their own assets. */
  files?: Record<string, string>;
  /** Ingest validation found the file unviewable: show the poster with a note, never start the viewer. */
  unavailable?: true;
  /** File variants first, in the file's order. */
  variants?: ModelVariant[];
  hotspots?: Hotspot[];
  /** Without it the browser makes one from the glTF. */
  usdz?: string;
}

/** Ingest validation (Khronos glTF validator); `errors`/`warnings` hold the first few messages. */
export interface ModelCheck {
  /** False: visitors get the poster instead. */
  viewable: boolean;
  errorCount: number;
  warningCount: number;
  errors: string[];
  warnings: string[];
  needs: { draco: boolean; meshopt: boolean; ktx2: boolean; externalFiles: string[] };
  /** Each ≤ 256 characters, at most 24 / 256. */
  fileVariants?: string[];
  materials?: string[];
  /** The default scene's, from the POSITION accessors' min/max. */
  bounds?: { min: Vec3; max: Vec3 };
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

/** A model field declared with `fact` (content-model.ts). */
interface ModelFact {
  id: string;
  label: string;
  value: string;
}

export interface ModelSummary extends EntryBase {
  type: 'model';
  name: string;
  summary: string;
  /** Only the filled-in ones, in the declaration's order. */
  facts?: ModelFact[];
  poster?: Asset;
  category?: Category;
}

export interface Model3D extends ModelSummary {
  description: RichText;
  file: Asset;
  files?: Asset[];
  dimensions?: Dimensions;
  viewer: ViewerSource;
  /** Preview mode only. */
  check?: ModelCheck;
  /** By hotspot id. */
  hotspotNotes?: Record<string, RichText & { updatedAt: string }>;
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

/** `id`/`updatedAt`: `site`/epoch when the space has no settings entry. */
export interface SiteSettings {
  id: string;
  updatedAt: string;
  name: string;
  description: string;
  navigation: NavigationLink[];
  footer: RichText;
  socialImage?: Asset;
}

/** ADR 029. `key`: the container's DOM id; `html`: null in hydration data (the browser keeps the server's DOM). */
export interface RenderedRichText {
  kind: 'rendered-rich-text';
  key: string;
  html: string | null;
}

export function isRenderedRichText(value: unknown): value is RenderedRichText {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'rendered-rich-text';
}
