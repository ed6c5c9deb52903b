import { extname } from 'node:path';

/**
 * The content types the asset server answers with, by file extension.
 * Anything else goes out as a download (`application/octet-stream` with
 * `Content-Disposition: attachment`), so an uploaded HTML or XML file can
 * never render as a page on our origin.
 */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
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

export interface AssetType {
  contentType: string;
  /** False for types we do not know: they are sent as attachments. */
  inline: boolean;
}

/** The content type of an asset file, from its extension. */
export function getAssetType(filePath: string): AssetType {
  const type = TYPES[extname(filePath).toLowerCase()];
  return type ? { contentType: type, inline: true } : { contentType: 'application/octet-stream', inline: false };
}
