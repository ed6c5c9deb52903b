import { createElement, lazy } from 'react';

import { useSite } from '#client/layout/use-site.ts';

import type { ReactNode } from 'react';

// The part of Contentful Live Preview every page carries (ADR 065); the SDK loads only inside the Live Preview pane.

type InspectorTags = Record<`data-contentful-${string}`, string>;

/** Nothing on a public page. */
export function useInspector(): (entryId: string | undefined, fieldId: string) => InspectorTags | undefined {
  const { preview, locale } = useSite();
  return (entryId, fieldId) =>
    preview && entryId ? { 'data-contentful-entry-id': entryId, 'data-contentful-field-id': fieldId, 'data-contentful-locale': locale } : undefined;
}

/** For a field shown by more than text (an image, the 3D viewer). */
export function Inspectable({ entryId, fieldId, children }: { entryId: string; fieldId: string; children: ReactNode }): ReactNode {
  const tags = useInspector()(entryId, fieldId);
  return tags ? createElement('div', tags, children) : children;
}

export const LivePreview = lazy(() => import('./live-preview-root.tsx').then((module) => ({ default: module.LivePreviewRoot })));
