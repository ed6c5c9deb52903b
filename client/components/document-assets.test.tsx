import { Writable } from 'node:stream';

import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { AppConfigProvider, ServerHead } from '#client/components/app-config.tsx';
import { DocumentAssets } from '#client/components/document-assets.tsx';

import type { ServerAssets } from '#client/components/app-config.tsx';
import type { ReactNode } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';

const config = {} as PublicConfig;

/** Renders as the server entry does: the style nonce is a render option, so React writes it on managed <style> tags. */
function renderWithStyleNonce(element: ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(element, { nonce: { script: nonce, style: nonce }, onAllReady: () => stream.pipe(sink), onShellError: reject });
  });
}

describe('DocumentAssets', () => {
  it('inlines the sheets the server gives text for, with the nonce, links the others, both as React stylesheet resources', async () => {
    const assets: ServerAssets = {
      nonce: 'n',
      stylesheets: ['/assets/app.css', '/assets/big.css'],
      modulePreloads: [],
      inlineStyles: { '/assets/app.css': 'body{color:red}' },
    };
    const html = await renderWithStyleNonce(
      <AppConfigProvider value={config} assets={{ ...assets, head: <DocumentAssets assets={assets} /> }}>
        <ServerHead />
      </AppConfigProvider>,
      'n',
    );

    expect(html).toMatch(/<style [^>]*nonce="n"[^>]*>body\{color:red\}<\/style>/);
    expect(html).toContain('data-href="/assets/app.css"');
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
