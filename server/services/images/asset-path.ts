import { realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';

import type { Stats } from 'node:fs';

/** A file inside the assets folder, after every check. */
export interface AssetFile {
  path: string;
  stats: Stats;
}

/** `<host>/<spaceId>/<assetId>/<token>/<fileName>`, as `contentful space export --download-assets` writes them. */
const SEGMENTS = 5;
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\]/;

function decodeSegment(raw: string): string | null {
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (segment === '' || segment.startsWith('.') || UNSAFE.test(segment)) return null;
  return segment;
}

/**
 * Maps a request path (raw, relative to the mount point) to a regular file
 * under `root`, or null. Each segment is decoded once and must be a plain
 * name: no `.`/`..`, dotfiles, slashes or backslashes (also when encoded),
 * NUL or control characters. The resolved real path must still lie inside
 * the real root, so symlinks cannot lead out either. `root` must be a real path.
 */
export async function resolveAssetFile(root: string, requestPath: string): Promise<AssetFile | null> {
  const raw = requestPath.split('/').slice(1);
  if (raw.length !== SEGMENTS) return null;
  const segments: string[] = [];
  for (const part of raw) {
    const segment = decodeSegment(part);
    if (segment === null) return null;
    segments.push(segment);
  }
  try {
    const real = await realpath(join(root, ...segments));
    if (!real.startsWith(root + sep)) return null;
    const stats = await stat(real);
    return stats.isFile() ? { path: real, stats } : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG' || code === 'EACCES';
}
