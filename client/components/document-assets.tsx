import { preloadModule } from 'react-dom';

import type { ServerAssets } from '#client/components/app-config.tsx';

/**
 * Emits the stylesheets and module preloads of the matched routes while the
 * server renders. React hoists them into <head>; as resources they are not
 * part of hydration, so the browser renders nothing here. Small sheets come
 * inline (`<style href precedence>`, the same resource to React), so the
 * first paint waits for no stylesheet request. Only the server entry imports
 * this; the root renders it through `ServerHead`.
 */
export function DocumentAssets({ assets }: { assets: ServerAssets }) {
  for (const href of assets.modulePreloads) preloadModule(href, { as: 'script', nonce: assets.nonce });
  return (
    <>
      {assets.stylesheets.map((href) => {
        const inline = assets.inlineStyles?.[href];
        return inline === undefined ? (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ) : (
          // React writes the nonce only when it matches the render's style nonce (the page CSP has no 'unsafe-inline').
          <style key={href} href={href} precedence="default" nonce={assets.nonce}>
            {inline}
          </style>
        );
      })}
    </>
  );
}
