import type { Document } from '@contentful/rich-text-types';

// Domain types of the server's mappers and the client's pages. Plain JSON (dates are ISO strings): loader data needs no revivers.

/** Locales Vitrine ships. `en-US` is the default; `de-DE` falls back to it. */
export const LOCALES = ['en-US', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** URL prefix (`/de/...`); the default locale has none. */
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

/** One node of the taxonomy, with its breadcrumb path (ancestors first, this concept last). */
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

/** What rich text needs to link to or embed another entry: `url` in the document's locale, `model` for model embeds. */
export interface EntryRef {
  id: string;
  type: EntryType;
  title: string;
  url: string;
  summary?: string;
  image?: Asset;
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

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/**
 * One choice in a model's swatch group (ADR 045). `id` is the `?variant=` value, unique per model.
 * A file variant (`gltfName`: its name in the file's KHR_materials_variants) switches materials the
 * file defines; a colour variant (`colors`: material name → '#rrggbb') tints the named materials.
 */
export interface ModelVariant {
  id: string;
  /** The `modelVariant` entry's id, when an entry names it (Live Preview tags its swatch). */
  entryId?: string;
  label: string;
  gltfName?: string;
  colors?: Record<string, string>;
  /** The swatch's colour, '#rrggbb'. */
  swatch?: string;
  /** A poster showing this variant (page poster and og:image while it is selected). */
  poster?: Asset;
}

/** An annotation pinned to the model: `position` and `normal` in the glTF's own (scene root) space, metres. */
export interface Hotspot {
  /** The hotspot entry's id, the `?hotspot=` value. */
  id: string;
  label: string;
  position: Vec3;
  normal: Vec3;
  /** The view the camera moves to when the hotspot opens. */
  camera?: { azimuthDeg: number; polarDeg: number; distance?: number };
}

/** Everything the 3D viewer needs to show one model (`camera`: the editor's default angle). */
export interface ViewerSource {
  src: string;
  alt: string;
  poster?: Asset;
  dimensions?: Dimensions;
  camera?: { azimuthDeg: number; polarDeg: number };
  autoRotate?: boolean;
  /** A multi-file .gltf's sibling files: file name → URL (`model.files`), so its relative URIs load from their own assets. */
  files?: Record<string, string>;
  /** Ingest validation found the file unviewable: show the poster with a note, never start the viewer. */
  unavailable?: true;
  /** The swatch group, in display order (file variants first, in the file's order). */
  variants?: ModelVariant[];
  hotspots?: Hotspot[];
  /** An uploaded USDZ for AR Quick Look; without it the browser makes one from the glTF. */
  usdz?: string;
}

/** What ingest validation (Khronos glTF validator) found in a model's file; `errors`/`warnings` hold the first few messages. */
export interface ModelCheck {
  /** False when the viewer would fail (unreadable file, missing external file, no scene): visitors get the poster instead. */
  viewable: boolean;
  errorCount: number;
  warningCount: number;
  errors: string[];
  warnings: string[];
  needs: { draco: boolean; meshopt: boolean; ktx2: boolean; externalFiles: string[] };
  /** The file's KHR_materials_variants names in file order, and its material names (each ≤ 256 characters, at most 24 / 256). */
  fileVariants?: string[];
  materials?: string[];
  /** The default scene's bounding box in scene-root space (metres), from the POSITION accessors' min/max. */
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

/** A model field declared with `fact` (content-model.ts), labelled in the entry's locale. */
export interface ModelFact {
  id: string;
  label: string;
  value: string;
}

export interface ModelSummary extends EntryBase {
  type: 'model';
  name: string;
  summary: string;
  /** In the declaration's order; only the filled-in ones (none: absent). */
  facts?: ModelFact[];
  poster?: Asset;
  category?: Category;
}

export interface Model3D extends ModelSummary {
  description: RichText;
  file: Asset;
  /** Sibling files of a multi-file .gltf, matched to its URIs by file name. */
  files?: Asset[];
  dimensions?: Dimensions;
  viewer: ViewerSource;
  /** Preview mode only: the file's validation report, for editors. */
  check?: ModelCheck;
  /** Each hotspot's note (rich text), by hotspot id; the model loader renders them like the description. */
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

/** `id`/`updatedAt`: of the settings entry (`site`/epoch when the space has none). */
export interface SiteSettings {
  id: string;
  updatedAt: string;
  name: string;
  description: string;
  navigation: NavigationLink[];
  footer: RichText;
  socialImage?: Asset;
}

/**
 * A rich-text field rendered to HTML on the server (ADR 029). `key`: the container's DOM id, stable per field and locale;
 * `html`: null in hydration data (the browser keeps the server's DOM), present in route data for client navigations.
 */
export interface RenderedRichText {
  kind: 'rendered-rich-text';
  key: string;
  html: string | null;
}

export function isRenderedRichText(value: unknown): value is RenderedRichText {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'rendered-rich-text';
}
