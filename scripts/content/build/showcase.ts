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

/** Their keys, sizes and colours are checked on the export (scripts/content/demo-space.test.ts, showcase.test.ts). */
function readList<T>(folder: 'variants' | 'hotspots', slug: string): T[] {
  return existsSync(join(SOURCE_DIR, folder, `${slug}.json`)) ? readJson<T[]>(`${folder}/${slug}.json`) : [];
}

export const readVariants = (slug: string) => readList<VariantSource>('variants', slug);
const readHotspots = (slug: string) => readList<HotspotSource>('hotspots', slug);

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
