import { getEntryIdFromUrn } from '#client/features/rich-text/resource-urn.ts';
import { isSafePath, toSafeAssetUrl } from '#shared/safe-url.ts';

import type { Asset, EntryRef, Locale, RichTextLinks, ViewerSource } from '#shared/content/types.ts';
import type { ReactNode } from 'react';

/** What every node renderer may read: the loader's resolved links and the page's viewer. */
export interface RenderContext {
  links: RichTextLinks;
  locale: Locale;
  renderModel?: ((source: ViewerSource) => ReactNode) | undefined;
}

interface LinkData {
  target?: { sys?: { id?: unknown; urn?: unknown } };
}

const dataOf = (node: { data?: unknown }): LinkData => (typeof node.data === 'object' && node.data !== null ? (node.data as LinkData) : {});

// Own properties only: an id like `constructor` or `__proto__` must not find Object.prototype members.
function lookup<T>(record: Record<string, T> | undefined, id: unknown): T | undefined {
  return typeof id === 'string' && record && Object.hasOwn(record, id) ? record[id] : undefined;
}

function usableEntry(entry: EntryRef | undefined): EntryRef | undefined {
  return entry && typeof entry === 'object' && typeof entry.title === 'string' && isSafePath(entry.url) ? entry : undefined;
}

/** The linked entry of an entry-hyperlink or embedded-entry node, when the loader resolved it. */
export function findEntry(node: { data?: unknown }, links: RichTextLinks): EntryRef | undefined {
  return usableEntry(lookup(links.entries, dataOf(node).target?.sys?.id));
}

/** The entry behind a resource node's URN (`crn:contentful:::content:spaces/…/entries/<id>`). */
export function findResourceEntry(node: { data?: unknown }, links: RichTextLinks): EntryRef | undefined {
  return usableEntry(lookup(links.entries, getEntryIdFromUrn(dataOf(node).target?.sys?.urn)));
}

/** The linked asset, with its URL checked, when the loader resolved it. */
export function findAsset(node: { data?: unknown }, links: RichTextLinks): (Asset & { href: string }) | undefined {
  const asset = lookup(links.assets, dataOf(node).target?.sys?.id);
  if (!asset || typeof asset !== 'object') return undefined;
  const href = toSafeAssetUrl(asset.url);
  if (!href) return undefined;
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    ...asset,
    href,
    title: str(asset.title),
    description: str(asset.description),
    contentType: str(asset.contentType),
    fileName: str(asset.fileName),
    size: typeof asset.size === 'number' ? asset.size : 0,
  };
}
