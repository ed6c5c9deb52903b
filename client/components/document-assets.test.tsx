import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { AppConfigProvider, ServerHead } from '#client/components/app-config.tsx';
import { DocumentAssets } from '#client/components/document-assets.tsx';

import type { ServerAssets } from '#client/components/app-config.tsx';
import type { PublicConfig } from '#shared/public-config.ts';

const config = {} as PublicConfig;

describe('DocumentAssets', () => {
  it('inlines the sheets the server gives text for, links the others, both as React stylesheet resources', () => {
    const assets: ServerAssets = { nonce: 'n', stylesheets: ['/assets/app.css', '/assets/big.css'], modulePreloads: [], inlineStyles: { '/assets/app.css': 'body{color:red}' } };
    const html = renderToString(
      <AppConfigProvider value={config} assets={{ ...assets, head: <DocumentAssets assets={assets} /> }}>
        <ServerHead />
      </AppConfigProvider>,
    );

    expect(html).toContain('<style data-precedence="default" data-href="/assets/app.css">body{color:red}</style>');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/big\.css" data-precedence="default"\/>/);
    expect(html).not.toMatch(/<link[^>]* href="\/assets\/app\.css"/);
  });

  it('renders nothing in the browser, where the server assets are absent', () => {
    const html = renderToString(
      <AppConfigProvider value={config}>
        <ServerHead />
      </AppConfigProvider>,
    );

    expect(html).toBe('');
  });
});
