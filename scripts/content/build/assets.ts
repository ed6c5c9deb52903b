import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

import sharp from 'sharp';

import { localize, readDocuments, readJson, SOURCE_DIR } from '../lib/source.ts';
import { createAsset, SPACE_ID, toAssetToken, uploadedBefore } from '../lib/space.ts';
import { readVariants } from './showcase.ts';

import type { SourceDocument } from '../lib/source.ts';
import type { ExportEntity, Localized, PublishInfo } from '../lib/space.ts';
import type { PersonSource } from './entries.ts';

/** One delivery variant per model, so the viewer is exercised with each. */
type ModelVariant = 'glb' | 'textured' | 'animated' | 'draco' | 'meshopt' | 'ktx2' | 'gltf';

export interface BuiltModel {
  slug: string;
  fileAssetId: string;
  siblingAssetIds: string[];
  /** By variant key, for variants with a `<slug>-<key>-poster.jpg`. */
  variantPosters: Record<string, string>;
}

interface AssetFileInput extends PublishInfo {
  id: string;
  fileName: string;
  bytes: Uint8Array;
  title: Localized<string>;
  description?: Localized<string>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
};

const readSourceFile = (fileName: string) => readFileSync(join(SOURCE_DIR, 'files', fileName));

/** Writes files where `contentful space export --download-assets` puts them: `<host>/<spaceId>/<assetId>/<token>/<fileName>`. */
export class AssetStore {
  readonly assets: ExportEntity[] = [];
  totalBytes = 0;

  readonly assetsDir: string;

  constructor(assetsDir: string) {
    this.assetsDir = assetsDir;
  }

  async add({ id, fileName, bytes, title, description, ...timing }: AssetFileInput): Promise<void> {
    const contentType = CONTENT_TYPES[extname(fileName)] ?? 'application/octet-stream';
    const host = contentType.startsWith('image/') ? 'images' : contentType.startsWith('video/') ? 'videos' : 'assets';
    const urlPath = `${host}.ctfassets.net/${SPACE_ID}/${id}/${toAssetToken(id, bytes)}`;
    const path = join(this.assetsDir, urlPath, fileName);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    this.totalBytes += bytes.byteLength;
    const details: { size: number; image?: { width?: number; height?: number } } = { size: bytes.byteLength };
    if (host === 'images') {
      const { width, height } = await sharp(bytes).metadata();
      details.image = { width, height };
    }
    const file = { url: `//${urlPath}/${fileName}`, fileName, contentType, details };
    this.assets.push(createAsset({ id, title, ...(description ? { description } : {}), file, ...timing }));
  }
}

/** A .gltf comes with the files it names by relative URI. */
function readModelFiles(slug: string, variant: ModelVariant) {
  const fileName = `${slug}.${variant === 'gltf' ? 'gltf' : 'glb'}`;
  const main = { fileName, bytes: readSourceFile(fileName) };
  if (variant !== 'gltf') return { main, sidecars: [] };
  const json = JSON.parse(main.bytes.toString('utf8')) as { buffers?: { uri?: string }[]; images?: { uri?: string }[] };
  const uris = [...(json.buffers ?? []), ...(json.images ?? [])].flatMap(({ uri }) => (uri && !uri.startsWith('data:') ? [uri] : []));
  return { main, sidecars: uris.sort().map((uri) => ({ fileName: uri, bytes: readSourceFile(uri) })) };
}

async function buildModel(store: AssetStore, model: SourceDocument): Promise<BuiltModel> {
  const { slug, variant, publishedOn } = model.en as { slug: string; variant: ModelVariant; publishedOn: string };
  const { main, sidecars } = readModelFiles(slug, variant);
  const [name, nameDe] = [String(model.en['name']), String(model.de['name'] ?? model.en['name'])];
  const fileAssetId = `${variant === 'gltf' ? 'gltf' : 'glb'}-${slug}`;
  const label = readJson<Record<ModelVariant, Localized<string>>>('model-variants.json')[variant];
  // As in a real space, each file a .gltf names by relative URI is its own upload (own id and URL); model.files lists them.
  const siblingAssetIds: string[] = [];
  for (const sibling of sidecars) {
    const id = `file-${sibling.fileName.replace(/\./g, '-')}`;
    const part = { 'en-US': `${name} (3D model), ${sibling.fileName}`, 'de-DE': `${nameDe} (3D-Modell), ${sibling.fileName}` };
    await store.add({ id, ...sibling, title: part, ...uploadedBefore(publishedOn) });
    siblingAssetIds.push(id);
  }
  await store.add({
    id: fileAssetId,
    ...main,
    title: { 'en-US': `${name} (3D model)`, 'de-DE': `${nameDe} (3D-Modell)` },
    description: { 'en-US': `${label['en-US']}, real-world scale in metres, y-up.`, 'de-DE': `${label['de-DE']}, maßstäblich in Metern, Y nach oben.` },
    ...uploadedBefore(publishedOn),
  });
  await store.add({
    id: `poster-${slug}`,
    fileName: `${slug}-poster.jpg`,
    bytes: readSourceFile(`${slug}-poster.jpg`),
    title: { 'en-US': `${name}, studio poster`, 'de-DE': `${nameDe}, Studioaufnahme` },
    description: { 'en-US': `Rendering of the ${name} on a soft studio background.`, 'de-DE': `Rendering: ${nameDe} vor weichem Studiohintergrund.` },
    ...uploadedBefore(publishedOn),
  });
  const variantPosters: Record<string, string> = {};
  for (const { key, label } of readVariants(slug)) {
    const fileName = `${slug}-${key}-poster.jpg`;
    if (!existsSync(join(SOURCE_DIR, 'files', fileName))) continue;
    const [labelEn, labelDe] = [label['en-US'], label['de-DE'] ?? label['en-US']];
    await store.add({
      id: `poster-${slug}-${key}`,
      fileName,
      bytes: readSourceFile(fileName),
      title: { 'en-US': `${name}, ${labelEn}, studio poster`, 'de-DE': `${nameDe}, ${labelDe}, Studioaufnahme` },
      description: { 'en-US': `Rendering of the ${name} in ${labelEn}.`, 'de-DE': `Rendering: ${nameDe} in ${labelDe}.` },
      ...uploadedBefore(publishedOn),
    });
    variantPosters[key] = `poster-${slug}-${key}`;
  }
  return { slug, fileAssetId, siblingAssetIds, variantPosters };
}

export async function buildModels(store: AssetStore): Promise<BuiltModel[]> {
  const built: BuiltModel[] = [];
  for (const model of readDocuments('models')) built.push(await buildModel(store, model));
  return built;
}

export async function buildOtherAssets(store: AssetStore): Promise<void> {
  for (const article of readDocuments('articles')) {
    const { slug, hero, publishDate } = article.en as { slug: string; hero: string; publishDate: string };
    const [title, description] = [localize(article, 'title'), localize(article, 'heroAlt')];
    await store.add({
      id: `hero-${slug}`,
      fileName: hero,
      bytes: readSourceFile(hero),
      title: title ?? { 'en-US': slug },
      description,
      ...uploadedBefore(publishDate),
    });
  }
  for (const person of readJson<PersonSource[]>('people.json')) {
    const name = person.name['en-US'];
    await store.add({
      id: `avatar-${person.slug}`,
      fileName: `${person.slug}.png`,
      bytes: readSourceFile(`${person.slug}.png`),
      title: person.name,
      description: { 'en-US': `Illustrated portrait of ${name}`, 'de-DE': `Illustriertes Porträt von ${name}` },
      ...uploadedBefore('2025-01-06'),
    });
  }
  for (const { uploaded, ...asset } of readJson<(Omit<AssetFileInput, 'bytes' | keyof PublishInfo> & { uploaded: string })[]>('assets.json'))
    await store.add({ ...asset, bytes: readSourceFile(asset.fileName), ...uploadedBefore(uploaded) });
}
