import { createElement, lazy } from 'react';

import { useSite } from '#client/layout/use-site.ts';

import type { ReactNode } from 'react';

// Contentful Live Preview, the part every page carries (ADR 065): inspector tags on preview pages only. The SDK itself loads
// only inside the Live Preview pane (live-preview-root.tsx, live-preview.ts).

type InspectorTags = Record<`data-contentful-${string}`, string>;

/** `inspect(entryId, fieldId)`: the SDK's `data-contentful-*` tags for that field in preview, nothing on a public page. */
export function useInspector(): (entryId: string | undefined, fieldId: string) => InspectorTags | undefined {
  const { preview, locale } = useSite();
  return (entryId, fieldId) =>
    preview && entryId ? { 'data-contentful-entry-id': entryId, 'data-contentful-field-id': fieldId, 'data-contentful-locale': locale } : undefined;
}

/** A field shown by more than text (an image, the 3D viewer): wrapped in a tagged block in preview, left as it is on public pages. */
export function Inspectable({ entryId, fieldId, children }: { entryId: string; fieldId: string; children: ReactNode }): ReactNode {
  const tags = useInspector()(entryId, fieldId);
  return tags ? createElement('div', tags, children) : children;
}

/** Mounted by the site layout on preview pages: the part that talks to Contentful's pane, in its own chunk (live-preview-root.tsx). */
export const LivePreview = lazy(() => import('./live-preview-root.tsx').then((module) => ({ default: module.LivePreviewRoot })));
