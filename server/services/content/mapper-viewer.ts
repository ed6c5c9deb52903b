import { z } from 'zod';

import { isResolved, optStr, present, str, toAsset } from '#server/services/content/mapper-assets.ts';

import type { Asset, Dimensions, Hotspot, ModelCheck, ModelVariant, Vec3, ViewerSource } from '#shared/content/types.ts';
import type { SdkEntry } from '#server/services/content/mapper-assets.ts';

// ADR 043. Editors' input is hostile until checked: every value here is bounded, typed and deduplicated, so the viewer never has
// to guard against content.

/** `name`: a variant or material name in the file, matched exactly, so never cut (a Symbol's own limit). */
export const SHOWCASE_LIMITS = { variants: 24, hotspots: 24, label: 80, name: 256, colors: 32 } as const;
export const VARIANT_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;
const HEX = /^#[0-9a-fA-F]{6}$/;

const label = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, SHOWCASE_LIMITS.label) : '');
const name = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' && value.length <= SHOWCASE_LIMITS.name ? value : undefined);
const hex = (value: unknown): string | undefined => (typeof value === 'string' && HEX.test(value) ? value.toLowerCase() : undefined);

/** `Dark Walnut` → `dark-walnut`. */
export function variantSlug(value: string): string {
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return slug || 'variant';
}

function toColors(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const pairs = Object.entries(value).flatMap(([material, color]) => {
    const c = hex(color);
    return c && material !== '' && material.length <= SHOWCASE_LIMITS.name ? [[material, c] as const] : [];
  });
  return pairs.length > 0 ? Object.fromEntries(pairs.slice(0, SHOWCASE_LIMITS.colors)) : undefined;
}

/** An entry without `gltfName` or `colors` names the file's variant by its key; `withFileVariants` settles which the file has. */
export function toEntryVariants(value: unknown): ModelVariant[] {
  const variants: ModelVariant[] = [];
  for (const item of Array.isArray(value) ? value : []) {
    if (!isResolved(item, 'Entry') || variants.length === SHOWCASE_LIMITS.variants) continue;
    const { key, gltfName, swatch, colors, poster } = item.fields;
    const id = typeof key === 'string' && VARIANT_KEY.test(key) ? key : undefined;
    const fileName = name(gltfName);
    const tints = toColors(colors);
    if (!id || variants.some((v) => v.id === id)) continue;
    const variant: ModelVariant = { id, entryId: item.sys.id, label: label(item.fields.label) || fileName || id };
    if (fileName || !tints) variant.gltfName = fileName ?? id;
    if (tints) variant.colors = tints;
    const swatchColor = hex(swatch);
    if (swatchColor) variant.swatch = swatchColor;
    const image = toAsset(poster);
    if (image?.contentType.startsWith('image/')) variant.poster = image;
    variants.push(variant);
  }
  return variants;
}

/** The file's variants in file order, each merged with the entry naming it, then the colour variants. Without `names` the entries stand. */
export function mergeVariants(entries: readonly ModelVariant[], names: readonly string[] | undefined): ModelVariant[] {
  if (!names) return [...entries];
  const used = new Set<ModelVariant>();
  const ids = new Set<string>();
  const merged: ModelVariant[] = [];
  for (const fileName of names.slice(0, SHOWCASE_LIMITS.variants)) {
    const slug = variantSlug(fileName);
    const entry = entries.find((v) => !used.has(v) && v.gltfName !== undefined && (v.gltfName === fileName || v.gltfName === slug));
    if (entry) used.add(entry);
    const fromEntry = entry ?? { id: slug, label: label(fileName) || slug };
    // Ids stay within the `?variant=` pattern (64 characters).
    const id = ids.has(fromEntry.id) ? `${slug.slice(0, 60).replace(/-+$/, '')}-${merged.length + 1}` : fromEntry.id;
    if (ids.has(id)) continue;
    ids.add(id);
    merged.push({ ...fromEntry, id, gltfName: fileName });
  }
  for (const entry of entries) {
    if (used.has(entry) || !entry.colors || ids.has(entry.id) || merged.length === SHOWCASE_LIMITS.variants) continue;
    const { gltfName: _gltfName, ...colourVariant } = entry;
    ids.add(entry.id);
    merged.push(colourVariant);
  }
  return merged;
}

export function withFileVariants(source: ViewerSource, check: ModelCheck | undefined): ViewerSource {
  if (!check?.fileVariants || (!source.variants && check.fileVariants.length === 0)) return source;
  const variants = mergeVariants(source.variants ?? [], check.fileVariants);
  const { variants: _old, ...rest } = source;
  return variants.length > 0 ? { ...rest, variants } : rest;
}

// Zod 4's numbers are finite.
const vec3 = z.object({ x: z.number(), y: z.number(), z: z.number() });
const toVec3 = (value: unknown): Vec3 | undefined => vec3.safeParse(value).data;

function toNormal(value: unknown): Vec3 | undefined {
  const v = toVec3(value);
  const length = v ? Math.hypot(v.x, v.y, v.z) : 0;
  return v && length > 1e-9 && Number.isFinite(length) ? { x: v.x / length, y: v.y / length, z: v.z / length } : undefined;
}

const viewerCamera = z.object({ azimuthDeg: z.number(), polarDeg: z.number() });
const hotspotCamera = viewerCamera.extend({ polarDeg: z.number().min(0).max(180), distance: z.number().positive().optional().catch(undefined) });
const toHotspotCamera = (value: unknown): Hotspot['camera'] => {
  const camera = hotspotCamera.safeParse(value).data;
  return camera && { azimuthDeg: camera.azimuthDeg, polarDeg: camera.polarDeg, ...present({ distance: camera.distance }) };
};

export function toHotspots(value: unknown): { hotspots: Hotspot[]; notes: Record<string, { note: unknown; updatedAt: string }> } {
  const hotspots: Hotspot[] = [];
  const notes: Record<string, { note: unknown; updatedAt: string }> = {};
  for (const item of Array.isArray(value) ? value : []) {
    if (!isResolved(item, 'Entry') || hotspots.length === SHOWCASE_LIMITS.hotspots) continue;
    const id = item.sys.id;
    const text = label(item.fields.label);
    const position = toVec3(item.fields.position);
    const normal = toNormal(item.fields.normal);
    if (!text || !position || !normal || hotspots.some((h) => h.id === id)) continue;
    const camera = toHotspotCamera(item.fields.camera);
    hotspots.push({ id, label: text, position, normal, ...(camera ? { camera } : {}) });
    // The note's rendered HTML is cached under the hotspot's updatedAt: an edited note gets a new key.
    if (item.fields.note) notes[id] = { note: item.fields.note, updatedAt: item.sys.updatedAt ?? new Date(0).toISOString() };
  }
  return { hotspots, notes };
}

function toUsdz(value: unknown): string | undefined {
  const asset = toAsset(value);
  if (!asset) return undefined;
  const usdz = asset.contentType === 'model/vnd.usdz+zip' || asset.contentType === 'model/usd' || /\.usdz$/i.test(asset.fileName);
  return usdz ? asset.url : undefined;
}

const dimensions = z.object({
  ...{ width: z.number().positive(), height: z.number().positive(), depth: z.number().positive() },
  unit: z.enum(['mm', 'cm', 'm']).catch('mm'),
});
export const toDimensions = (value: unknown): Dimensions | undefined => dimensions.safeParse(value).data;

/** The sibling files of a multi-file .gltf. */
export const toFiles = (value: unknown): Asset[] => (Array.isArray(value) ? value.flatMap((item) => toAsset(item) ?? []) : []);

export function toViewerSource(entry: SdkEntry): ViewerSource | undefined {
  const file = toAsset(entry.fields.file);
  if (!file) return undefined;
  const poster = toAsset(entry.fields.poster);
  const siblings = toFiles(entry.fields.files);
  const files = siblings.length > 0 ? Object.fromEntries(siblings.map((asset) => [asset.fileName, asset.url])) : undefined;
  const dimensions = toDimensions(entry.fields.dimensions);
  const camera = viewerCamera.safeParse(entry.fields.camera).data;
  const variants = toEntryVariants(entry.fields.variants);
  const { hotspots } = toHotspots(entry.fields.hotspots);
  const usdz = toUsdz(entry.fields.usdz);
  return {
    src: file.url,
    alt: optStr(entry.fields.summary) ? `${str(entry.fields.name)}: ${str(entry.fields.summary)}` : str(entry.fields.name),
    ...present({ poster, dimensions, files, camera }),
    autoRotate: entry.fields.autoRotate === true,
    ...present({ variants: variants.length > 0 ? variants : undefined, hotspots: hotspots.length > 0 ? hotspots : undefined, usdz }),
  };
}
