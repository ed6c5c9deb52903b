import { loadOnce } from '#client/components/load-once.ts';
import { useSite } from '#client/layout/use-site.ts';

import type { RenderModel } from '#client/features/rich-text/index.ts';
import type { ViewerSource } from '#shared/content/types.ts';

/** Loaded on first use: most articles embed no model. Stable across calls, so viewers are not re-mounted. */
export const loadEmbeddedViewer = loadOnce(() =>
  import('#client/features/model-viewer/index.ts').then(({ ModelViewer }): RenderModel => {
    // Portals keep the router context, so one renderer serves every page's locale.
    function EmbeddedViewer({ source }: { source: ViewerSource }) {
      return <ModelViewer source={source} locale={useSite().locale} />;
    }
    return function renderEmbeddedViewer(source) {
      return <EmbeddedViewer source={source} />;
    };
  }),
);
