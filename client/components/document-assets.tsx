import { preloadModule } from 'react-dom';

import { useServerAssets } from '#client/components/app-config.tsx';

/**
 * Emits the stylesheets and module preloads of the matched routes while the
 * server renders. React hoists them into <head>; as resources they are not
 * part of hydration, so the browser renders nothing here.
 */
export function DocumentAssets() {
  const assets = useServerAssets();
  if (!assets) return null;
  for (const href of assets.modulePreloads) preloadModule(href, { as: 'script', nonce: assets.nonce });
  return (
    <>
      {assets.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
    </>
  );
}
