import { preloadModule } from 'react-dom';

import type { ServerAssets } from '#client/components/app-config.tsx';

/**
 * The matched routes' stylesheets and module preloads, rendered by the server only (the root shows them through
 * `ServerHead`). React hoists these resources into <head> and leaves them out of hydration; small sheets are inline (ADR 009).
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
