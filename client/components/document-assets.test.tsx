import { Writable } from 'node:stream';

import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppConfigProvider, ServerHead } from '#client/components/app-config.tsx';
import { BOOT_DEADLINE_MS, bootScript, DocumentAssets } from '#client/components/document-assets.tsx';

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
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

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

  it('writes an inline sheet exactly as React writes it as a child, `<style`/`</style` escaped, the same on every render', async () => {
    const css = 'a::after{content:"</style><script>x</script>"}b::before{content:"<STYLE>"}';
    const head = (inline: ReactNode) => (
      <AppConfigProvider value={config} assets={{ nonce: 'n', stylesheets: [], modulePreloads: [], head: inline }}>
        <ServerHead />
      </AppConfigProvider>
    );
    const assets: ServerAssets = { nonce: 'n', stylesheets: ['/assets/app.css'], modulePreloads: [], inlineStyles: { '/assets/app.css': css } };
    const reactChild = (
      <style href="/assets/app.css" precedence="default" nonce="n">
        {css}
      </style>
    );

    const expected = await renderWithStyleNonce(head(reactChild), 'n');
    const first = await renderWithStyleNonce(head(<DocumentAssets assets={assets} />), 'n');
    const second = await renderWithStyleNonce(head(<DocumentAssets assets={{ ...assets, inlineStyles: { '/assets/app.css': `${css}` } }} />), 'n');

    expect(expected).toContain('</\\73 tyle><script>');
    expect(expected).not.toContain('</style><script>');
    expect([first, second]).toEqual([expected, expected]);
  });

  it('loads the modules only once the LCP image has loaded and a frame painted, preloads first, the entry with its integrity', async () => {
    const assets: ServerAssets = {
      nonce: 'n',
      stylesheets: [],
      modulePreloads: ['/assets/framework.js', '/assets/page.js'],
      bootstrapModules: ['/assets/entry.js'],
      integrity: { '/assets/entry.js': 'sha384-abc' },
    };
    const html = await renderWithStyleNonce(
      <AppConfigProvider value={config} assets={{ ...assets, head: <DocumentAssets assets={assets} /> }}>
        <ServerHead />
      </AppConfigProvider>,
      'n',
    );
    const script = /<script nonce="n">([\s\S]*?)<\/script>/.exec(html)?.[1];
    document.body.innerHTML = '<picture><img fetchpriority="high" src="/hero.avif"></picture>';
    const image = document.querySelector('img')!;
    Object.defineProperty(image, 'complete', { configurable: true, value: false });
    vi.useFakeTimers(); // requestAnimationFrame too: a frame every 16 ms
    const loaded = () => [...document.head.querySelectorAll('link[rel=modulepreload], script[type=module]')];

    new Function(script ?? 'throw new Error("no boot script")')();
    vi.advanceTimersByTime(100);
    const beforeImage = loaded().length;
    image.dispatchEvent(new Event('load'));
    const beforeFrame = loaded().length;
    vi.advanceTimersByTime(20);

    expect(html).not.toContain('rel="modulepreload"');
    expect([beforeImage, beforeFrame]).toEqual([0, 0]);
    expect(loaded().map((el) => [el.tagName, el.getAttribute('href') ?? el.getAttribute('src'), el.getAttribute('integrity') ?? ''])).toEqual([
      ['LINK', '/assets/framework.js', ''],
      ['LINK', '/assets/page.js', ''],
      ['SCRIPT', '/assets/entry.js', 'sha384-abc'],
    ]);
    vi.advanceTimersByTime(BOOT_DEADLINE_MS);
    expect(loaded()).toHaveLength(3);
    vi.useRealTimers();
  });

  it('loads the modules at the deadline when the LCP image never finishes', async () => {
    const assets: ServerAssets = { nonce: 'n', stylesheets: [], modulePreloads: [], bootstrapModules: ['/assets/entry.js'] };
    const script = /<script nonce="n">([\s\S]*?)<\/script>/.exec(renderToString(<DocumentAssets assets={assets} />))?.[1];
    document.body.innerHTML = '<img fetchpriority="high" src="/hero.avif">';
    Object.defineProperty(document.querySelector('img')!, 'complete', { configurable: true, value: false });
    vi.useFakeTimers();

    new Function(script ?? 'throw new Error("no boot script")')();
    vi.advanceTimersByTime(BOOT_DEADLINE_MS - 1);
    const early = document.head.querySelectorAll('script[type=module]').length;
    vi.advanceTimersByTime(1);

    expect(early).toBe(0);
    expect(document.head.querySelectorAll('script[type=module]')).toHaveLength(1);
    vi.useRealTimers();
  });

  it('makes the boot script once per resolved asset lists, and again for other lists', () => {
    const assets = { bootstrapModules: ['/assets/entry.js'], modulePreloads: ['/assets/a.js'], integrity: { '/assets/entry.js': 'sha384-x' } };
    const first = bootScript(assets);

    expect(bootScript({ ...assets })).toBe(first);
    expect(first).toContain('(["/assets/entry.js"],["/assets/a.js"],{"/assets/entry.js":"sha384-x"},3000);');
    // The same preload list with another entry or integrity (a rebuilt entry) is not the remembered script.
    expect(bootScript({ ...assets, integrity: { '/assets/entry.js': 'sha384-y' } })).toContain('"sha384-y"');
    expect(bootScript({ ...assets, bootstrapModules: ['/assets/other.js'] })).toContain('(["/assets/other.js"]');
    expect(bootScript({ ...assets, modulePreloads: ['/assets/b.js'] })).toContain('["/assets/b.js"]');
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
