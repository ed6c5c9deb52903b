import { toSafeAssetUrl } from '#shared/safe-url.ts';

import type { Asset as ContentfulAsset, Entry, EntrySkeletonType } from 'contentful';
import type { FieldId } from '#shared/content/content-model.ts';
import type { Asset } from '#shared/content/types.ts';

export type SdkEntry = Omit<Entry<EntrySkeletonType, undefined, string>, 'fields'> & { fields: { [K in FieldId]?: unknown } };
export type SdkAsset = ContentfulAsset<undefined, string>;

type Present<T> = { [K in keyof T]?: Exclude<T[K], undefined> };
/** Optional domain properties are absent, never `undefined`. */
export const present = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Present<T>;
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const optStr = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export function isResolved<T extends 'Entry' | 'Asset'>(value: unknown, type: T): value is T extends 'Entry' ? SdkEntry : SdkAsset {
  const v = value as { sys?: { type?: unknown }; fields?: unknown } | null;
  return typeof v === 'object' && v?.sys?.type === type && typeof v.fields === 'object';
}

/** `undefined` without a file or with a URL a page may not load or link (`javascript:`, `data:`…: tests/security/xss/). */
export function toAsset(value: unknown): Asset | undefined {
  if (!isResolved(value, 'Asset') || !value.fields.file?.url) return undefined;
  const { file, title, description } = value.fields;
  // Contentful's URLs are protocol-relative (`//images.ctfassets.net/…`); the embedded engine's are origin-relative.
  const url = toSafeAssetUrl(file.url.startsWith('//') ? `https:${file.url}` : file.url);
  if (!url) return undefined;
  const image = file.details?.image;
  return {
    id: value.sys.id,
    title: str(title),
    description: str(description),
    url,
    contentType: file.contentType ?? 'application/octet-stream',
    fileName: file.fileName ?? file.url.split('/').pop() ?? 'file',
    size: file.details?.size ?? 0,
    ...(image ? { width: image.width, height: image.height } : {}),
  };
}
