import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { toLocalizedRichText } from '../lib/rich-text.ts';
import { readJson, SOURCE_DIR } from '../lib/source.ts';
import { createEntry, publishedOn, single, toLink } from '../lib/space.ts';

import type { ExportEntity, Localized, LocalizedFields } from '../lib/space.ts';

// content/source/variants/<slug>.json and hotspots/<slug>.json (ADR 043).
export interface VariantSource {
  key: string;
  label: Localized<string>;
  gltfName?: string;
  swatch?: string;
  colors?: Record<string, string>;
}

export interface HotspotSource {
  key: string;
  label: Localized<string>;
  /** Markdown. */
  note: Localized<string>;
  /** As the preview-mode picker shows them. */
  position: { x: number; y: number; z: number };
  normal: { x: number; y: number; z: number };
  camera?: { azimuthDeg: number; polarDeg: number; distance?: number };
}

/** As the content model validates them. */
const KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;
const COLOR = /^#[0-9a-f]{6}$/i;
const MAX_ITEMS = 24;

function readList<T extends { key: string }>(folder: 'variants' | 'hotspots', slug: string): T[] {
  const file = `${folder}/${slug}.json`;
  if (!existsSync(join(SOURCE_DIR, file))) return [];
  const items = readJson<T[]>(file);
  if (items.length > MAX_ITEMS) throw new Error(`${file}: ${items.length} items, the content model allows ${MAX_ITEMS}`);
  const keys = items.map((item) => item.key);
  const bad = keys.find((key, index) => !KEY.test(key) || keys.indexOf(key) !== index);
  if (bad !== undefined) throw new Error(`${file}: key "${bad}" is repeated or not ${KEY}`);
  return items;
}

/** A `gltfName` names a variant of the file: scripts/content/demo-space.test.ts reads the file to check it. */
export function readVariants(slug: string): VariantSource[] {
  const variants = readList<VariantSource>('variants', slug);
  for (const { key, swatch, colors = {} } of variants) {
    const badColor = [swatch, ...Object.values(colors)].find((color) => color !== undefined && !COLOR.test(color));
    if (badColor !== undefined) throw new Error(`variants/${slug}.json: ${key} has "${badColor}", not #rrggbb`);
  }
  return variants;
}

export const readHotspots = (slug: string) => readList<HotspotSource>('hotspots', slug);

export async function buildShowcaseEntries({ slug, variantPosters }: { slug: string; variantPosters: Record<string, string> }, date: string) {
  const timing = publishedOn(date, 6);
  const variants = readVariants(slug).map(({ key, label, gltfName, swatch, colors }) => {
    const fields: LocalizedFields = { label, key: single(key) };
    if (gltfName) fields['gltfName'] = single(gltfName);
    if (swatch) fields['swatch'] = single(swatch);
    if (colors) fields['colors'] = single(colors);
    if (variantPosters[key]) fields['poster'] = single(toLink('Asset', variantPosters[key]));
    return createEntry({ id: `variant-${slug}-${key}`, contentType: 'modelVariant', ...timing, fields });
  });
  const hotspots: ExportEntity[] = [];
  for (const { key, label, note, position, normal, camera } of readHotspots(slug)) {
    if (!position || !normal) throw new Error(`hotspots/${slug}.json: ${key} needs a position and a normal`);
    const fields: LocalizedFields = { label, note: await toLocalizedRichText(note), position: single(position), normal: single(normal) };
    if (camera) fields['camera'] = single(camera);
    hotspots.push(createEntry({ id: `hotspot-${slug}-${key}`, contentType: 'hotspot', ...timing, fields }));
  }
  const links = (entries: ExportEntity[]) => (entries.length > 0 ? single(entries.map((entry) => toLink('Entry', entry.sys.id))) : undefined);
  return { entries: [...variants, ...hotspots], variants: links(variants), hotspots: links(hotspots) };
}
