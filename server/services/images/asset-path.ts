import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

import { tryDecode } from '#shared/http/safe-redirect.ts';
import { IMAGE_FORMAT_TYPES } from '#shared/images.ts';

import type { Stats } from 'node:fs';

export interface AssetFile {
  path: string;
  stats: Stats;
}

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\]/;

function decodeSegment(raw: string): string | null {
  const segment = tryDecode(raw);
  return !segment || segment.startsWith('.') || UNSAFE.test(segment) ? null : segment;
}

/** `<host>/<spaceId>/<assetId>/<token>/<fileName>`: each segment a plain name once decoded, the real path inside `root` (no symlink out). */
export async function resolveAssetFile(root: string, requestPath: string): Promise<AssetFile | null> {
  const segments = requestPath.split('/').slice(1).map(decodeSegment);
  if (segments.length !== 5 || segments.includes(null)) return null;
  try {
    const real = await realpath(join(root, ...(segments as string[])));
    if (!real.startsWith(root + sep)) return null;
    const stats = await stat(real);
    return stats.isFile() ? { path: real, stats } : null;
  } catch (error) {
    if (['ENOENT', 'ENOTDIR', 'ELOOP', 'ENAMETOOLONG', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
}

/** Anything else is a download, so an uploaded HTML or XML file never renders on our origin. */
const TYPES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(IMAGE_FORMAT_TYPES).map(([format, type]) => [`.${format}`, type])),
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.bin': 'application/octet-stream',
  '.ktx2': 'image/ktx2',
  '.usdz': 'model/vnd.usdz+zip',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.pdf': 'application/pdf',
};

export function getAssetType(filePath: string): { contentType: string; inline: boolean } {
  const type = TYPES[extname(filePath).toLowerCase()];
  return type ? { contentType: type, inline: true } : { contentType: 'application/octet-stream', inline: false };
}
