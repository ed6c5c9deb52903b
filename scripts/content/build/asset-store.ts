import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import sharp from 'sharp';

import { createAsset } from '../lib/export-entities.ts';
import { SPACE_ID, toAssetToken } from '../lib/ids.ts';

import type { ExportEntity, PublishInfo } from '../lib/export-entities.ts';
import type { Localized } from '../lib/ids.ts';

/**
 * Writes asset files where `contentful space export --download-assets` would put them
 * (`<assetsDir>/<host>/<spaceId>/<assetId>/<token>/<fileName>`) and records the asset
 * with the file's real size and, for images, its real pixel dimensions.
 */
export interface AssetFileInput extends PublishInfo {
  id: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  title: Localized<string>;
  description?: Localized<string>;
  /** Files that must sit next to the main file (a .gltf's .bin and textures). */
  sidecars?: { fileName: string; bytes: Uint8Array }[];
  tags?: string[];
}

export function toAssetHost(contentType: string): string {
  if (contentType.startsWith('image/')) return 'images.ctfassets.net';
  if (contentType.startsWith('video/')) return 'videos.ctfassets.net';
  return 'assets.ctfassets.net';
}

export class AssetStore {
  readonly assets: ExportEntity[] = [];
  readonly assetsDir: string;
  totalBytes = 0;

  constructor(assetsDir: string) {
    this.assetsDir = assetsDir;
  }

  private writeFile(path: string, bytes: Uint8Array): void {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    this.totalBytes += bytes.byteLength;
  }

  async add(input: AssetFileInput): Promise<ExportEntity> {
    const token = toAssetToken(input.id, input.bytes);
    const urlPath = `${toAssetHost(input.contentType)}/${SPACE_ID}/${input.id}/${token}`;
    this.writeFile(join(this.assetsDir, urlPath, input.fileName), input.bytes);
    for (const sidecar of input.sidecars ?? []) this.writeFile(join(this.assetsDir, urlPath, sidecar.fileName), sidecar.bytes);
    const details: { size: number; image?: { width: number; height: number } } = { size: input.bytes.byteLength };
    if (input.contentType.startsWith('image/')) {
      const { width, height } = await sharp(input.bytes).metadata();
      details.image = { width, height };
    }
    const asset = createAsset({
      id: input.id,
      title: input.title,
      ...(input.description ? { description: input.description } : {}),
      file: { url: `//${urlPath}/${input.fileName}`, fileName: input.fileName, contentType: input.contentType, details },
      createdAt: input.createdAt,
      updatedAt: input.updatedAt,
      ...(input.publishedAt ? { publishedAt: input.publishedAt } : {}),
      tags: input.tags ?? [],
    });
    this.assets.push(asset);
    return asset;
  }
}
