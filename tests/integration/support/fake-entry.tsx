import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

import type { SsrEntry, SsrEntryLoader } from '#server/ssr/assets.ts';

/**
 * SSR entries for pipeline behaviours the real pages cannot produce on
 * demand (a slow Suspense boundary, a shell that throws, a redirect). Each
 * keeps the real entry and replaces only what the test is about, so the
 * document handler under test is the real one.
 */
export function createEntryWith(overrides: (real: SsrEntry) => Partial<SsrEntry>): SsrEntryLoader {
  return {
    async load() {
      const real = (await import('#client/entry.server.tsx')) as SsrEntry;
      return { ...real, ...overrides(real) };
    },
  };
}

/** Loaders answer with this Response (a redirect, usually) instead of data. */
export function createRedirectingEntry(response: () => Response): SsrEntryLoader {
  return createEntryWith(() => ({ queryDocument: () => Promise.resolve(response()) }));
}

type RenderOptions = Parameters<SsrEntry['renderDocument']>[1];

function SlowPart({ promise }: { promise: Promise<string> }) {
  return <p id="slow">{use(promise)}</p>;
}

/**
 * A document whose shell is ready at once and whose one Suspense boundary
 * resolves after `delayMs` (never, when `Infinity`). Shows the text
 * `shell-ready` in the shell, `loading` as the fallback and `slow-done` later.
 */
export function createSlowEntry(delayMs: number): SsrEntryLoader {
  return createEntryWith(() => ({
    renderDocument: (_context, options: RenderOptions) => {
      const promise = new Promise<string>((resolve) => {
        if (Number.isFinite(delayMs)) setTimeout(() => resolve('slow-done'), delayMs).unref();
      });
      return renderToPipeableStream(
        <html lang="en">
          <head>
            <title>slow</title>
          </head>
          <body>
            <main>shell-ready</main>
            <Suspense fallback={<p>loading</p>}>
              <SlowPart promise={promise} />
            </Suspense>
          </body>
        </html>,
        { ...pickCallbacks(options), nonce: options.nonce, bootstrapScriptContent: 'window.__slow=1' },
      );
    },
  }));
}

function Explode(): never {
  throw new Error('shell exploded');
}

/** A document whose shell throws, so React calls onShellError. */
export function createShellErrorEntry(): SsrEntryLoader {
  return createEntryWith(() => ({
    renderDocument: (_context, options: RenderOptions) =>
      renderToPipeableStream(
        <html lang="en">
          <body>
            <Explode />
          </body>
        </html>,
        pickCallbacks(options),
      ),
  }));
}

function pickCallbacks(options: RenderOptions) {
  return { onShellReady: options.onShellReady, onShellError: options.onShellError, onAllReady: options.onAllReady, onError: options.onError };
}

/** A folder shaped like dist/client: a hashed asset, a public file, the Vite manifest, and a file outside it. */
export function createClientDir(): { clientDir: string; assetPath: string } {
  const root = mkdtempSync(join(tmpdir(), 'vitrine-client-'));
  const clientDir = join(root, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  mkdirSync(join(clientDir, '.vite'), { recursive: true });
  writeFileSync(join(clientDir, 'assets', 'index-Abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});\n`);
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(root, 'secret.txt'), 'outside the client folder');
  return { clientDir, assetPath: '/assets/index-Abc123.js' };
}
