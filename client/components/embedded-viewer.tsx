import { useSite } from '#client/layout/use-site.ts';

import type { RenderModel } from '#client/features/rich-text/index.ts';
import type { ViewerSource } from '#shared/content/types.ts';

let renderer: Promise<RenderModel> | undefined;

/**
 * The viewer for models embedded in rich text, loaded on first use (most articles embed none, so it is not in their
 * first load; its stylesheet is, for the server-rendered posters). Stable across calls, so viewers are not re-mounted.
 */
export function loadEmbeddedViewer(): Promise<RenderModel> {
  renderer ??= import('#client/features/model-viewer/index.ts').then(
    ({ ModelViewer }) => {
      // One renderer for every page: each viewer reads the page's locale (portals keep the router context).
      function EmbeddedViewer({ source }: { source: ViewerSource }) {
        return <ModelViewer source={source} locale={useSite().locale} />;
      }
      return function renderEmbeddedViewer(source) {
        return <EmbeddedViewer source={source} />;
      };
    },
    (error: unknown) => {
      renderer = undefined; // let a later page try again
      throw error;
    },
  );
  return renderer;
}
