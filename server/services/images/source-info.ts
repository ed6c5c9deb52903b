import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

import type { AssetFile } from '#server/services/images/asset-path.ts';

/** What the variant checks and the disk cache need to know about a source image. */
export interface SourceInfo {
  /** Width as displayed (after EXIF orientation), the widest variant allowed. */
  width: number;
  /** sha256 of the file: disk cache entries survive restarts, redeploys and moved folders. */
  hash: string;
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('base64url');
}

async function readSourceInfo(file: AssetFile, limitInputPixels: number): Promise<SourceInfo> {
  // Reads the header only: no pixels are decoded, and it runs outside the render queue.
  const [meta, hash] = await Promise.all([sharp(file.path, { limitInputPixels }).metadata(), hashFile(file.path)]);
  const width = meta.autoOrient.width;
  if (!width) throw new Error('image has no width', { cause: { file: file.path } });
  return { width, hash };
}

/**
 * `getSourceInfo(file)`, remembered per file identity (path, mtime, size) for
 * the most recent `maxEntries` files. Concurrent calls share one read; a
 * failed read is not remembered.
 */
export function createSourceInfoReader(options: { limitInputPixels: number; maxEntries?: number }) {
  const cache = new LRUCache<string, SourceInfo, AssetFile>({
    max: options.maxEntries ?? 1000,
    fetchMethod: (_key, _stale, { context }) => readSourceInfo(context, options.limitInputPixels),
  });
  return async function getSourceInfo(file: AssetFile): Promise<SourceInfo> {
    const info = await cache.fetch(`${file.path}|${file.stats.mtimeMs}|${file.stats.size}`, { context: file });
    return info!;
  };
}
