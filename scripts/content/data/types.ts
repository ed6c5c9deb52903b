import type { HeroMotif } from '../images/heroes.ts';
import type { ModelVariant } from '../gltf/write-model.ts';
import type { Localized } from '../lib/ids.ts';

/**
 * The demo's content as authored: plain text and rich-text markup (lib/markup.ts) per
 * locale. A missing `de-DE` value is deliberate and shows the en-US fallback.
 */
export type PersonSlug = 'mara-lindqvist' | 'jonas-ebert';

export interface ModelData {
  slug: string;
  variant: ModelVariant;
  concept: string;
  tags: string[];
  featured: boolean;
  autoRotate: boolean;
  camera: { azimuthDeg: number; polarDeg: number };
  poster: { background: [string, string]; floating?: boolean; fill?: number };
  publishedOn: string;
  name: Localized<string>;
  summary: Localized<string>;
  description: Localized<string>;
}

export type HeroData =
  | { kind: 'render'; model: string; azimuthDeg: number; polarDeg: number; background: [string, string] }
  | { kind: 'abstract'; motif: HeroMotif; palette: [string, string, string, string, string] };

export interface ArticleData {
  slug: string;
  author: PersonSlug;
  publishDate: string;
  /** Never published: only the Preview API shows it. */
  draft?: boolean;
  tags: string[];
  hero: HeroData;
  heroAlt: Localized<string>;
  title: Localized<string>;
  excerpt: Localized<string>;
  body: Localized<string>;
}

export interface PageData {
  slug: string;
  publishedOn: string;
  title: Localized<string>;
  body: Localized<string>;
  seoTitle?: Localized<string>;
  seoDescription?: Localized<string>;
  ogImage?: string;
}
