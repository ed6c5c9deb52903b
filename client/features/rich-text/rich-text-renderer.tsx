import { documentToReactComponents } from '@contentful/rich-text-react-renderer';
import { useMemo } from 'react';

import { normalizeDocument } from '#client/features/rich-text/normalize-document.ts';
import { createRenderOptions } from '#client/features/rich-text/render-options.tsx';

import type { Locale, RichText, RichTextLinks, ViewerSource } from '#shared/content/types.ts';
import type { ReactNode } from 'react';

export interface RichTextRendererProps {
  /** The document and the links its loader resolved. */
  value: RichText;
  /** The document's locale (placeholder text, number formats). */
  locale: Locale;
  /**
   * Renders a 3D viewer for embedded model entries and glTF/GLB assets.
   * Pages pass the model viewer here, so rich text never imports three.
   * Default: none; models then show their poster (entries) or a download link (assets).
   */
  renderModel?: (source: ViewerSource) => ReactNode;
}

const EMPTY_LINKS: RichTextLinks = { entries: {}, assets: {} };
const warned = new Set<string>();

/** One warning per unknown node or mark type per process, not one per node. */
function warnUnknown(kind: string): void {
  if (warned.has(kind)) return;
  warned.add(kind);
  console.warn(`rich-text: unknown ${kind.startsWith('mark:') ? 'mark' : 'node type'} "${kind.replace(/^mark:/, '').slice(0, 80)}", rendered as plain text`);
}

/**
 * Renders a Contentful rich-text field with our node map. Pure: linked
 * entries and assets come resolved in `value.links`; malformed, hostile or
 * unknown content is normalized first (see normalize-document.ts), so it can
 * neither throw nor inject markup. Renders the blocks without a wrapper.
 */
export function RichTextRenderer({ value, locale, renderModel }: RichTextRendererProps) {
  const source = value?.document;
  const document = useMemo(() => normalizeDocument(source, warnUnknown), [source]);
  const links = value?.links;
  const options = useMemo(
    () => createRenderOptions({ links: { entries: links?.entries ?? EMPTY_LINKS.entries, assets: links?.assets ?? EMPTY_LINKS.assets }, locale, renderModel }),
    [links, locale, renderModel],
  );
  return <>{documentToReactComponents(document, options)}</>;
}
