import { useSite } from '#client/layout/use-site.ts';

import type { RenderModel } from '#client/features/rich-text/index.ts';
import type { ViewerSource } from '#shared/content/types.ts';

let renderer: Promise<RenderModel> | undefined;

/**
 * The viewer for models embedded in rich text, loaded on first use: most
 * articles embed none, so the viewer's shell is not in their first load.
 * The shell's stylesheet is (client/features/rich-text/index.ts), because
 * the server renders each embed's poster figure into the HTML.
 * Stable across calls, so embedded viewers are not re-mounted.
 */
export function loadEmbeddedViewer(): Promise<RenderModel> {
  renderer ??= import('#client/features/model-viewer/index.ts').then(
    ({ ModelViewer }) => {
      // One renderer serves every page and locale, so each viewer reads the page's locale
      // when it renders (rich text mounts it through a portal, which keeps the router context).
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
