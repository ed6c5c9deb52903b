/**
 * Builds the harness page with Vite and serves it with the fixtures
 * (`/models/`) and the self-hosted decoders (`/decoders/`) on one loopback
 * origin, the way the app serves them.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { build } from 'vite';

import { copyDecoders } from '../../../scripts/copy-decoders.ts';

import type { AddressInfo } from 'node:net';

const HARNESS_DIR = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(HARNESS_DIR, '../../..');
const FIXTURES_DIR = join(ROOT, 'tests/fixtures/models');
const DECODERS_DIR = join(ROOT, 'public/decoders');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.bin': 'application/octet-stream',
  '.png': 'image/png',
  '.map': 'application/json',
};

export interface HarnessServer {
  origin: string;
  /** Every path requested, in order (to prove what was and was not fetched). */
  requests: string[];
  close: () => Promise<void>;
}

/**
 * Builds the page into a temp folder. `development: true` bundles React's
 * development build (StrictMode double effects, key and hook warnings), which
 * the checks then fail on like any other console warning.
 */
export async function buildHarness(options: { development?: boolean } = {}): Promise<string> {
  await copyDecoders(DECODERS_DIR);
  const outDir = join(tmpdir(), options.development ? 'vitrine-viewer-harness-dev' : 'vitrine-viewer-harness');
  await build({
    configFile: false,
    root: HARNESS_DIR,
    publicDir: false,
    logLevel: 'error',
    mode: options.development ? 'development' : 'production',
    define: options.development ? { 'process.env.NODE_ENV': JSON.stringify('development') } : {},
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: !options.development },
  });
  return outDir;
}

function resolveFile(distDir: string, pathname: string): string | null {
  const routes: [string, string][] = [
    ['/models/', FIXTURES_DIR],
    ['/decoders/', DECODERS_DIR],
    ['/', distDir],
  ];
  for (const [prefix, dir] of routes) {
    if (!pathname.startsWith(prefix)) continue;
    const file = normalize(join(dir, decodeURIComponent(pathname.slice(prefix.length)) || 'index.html'));
    return file.startsWith(dir) ? file : null;
  }
  return null;
}

export async function serveHarness(distDir: string): Promise<HarnessServer> {
  const requests: string[] = [];
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    requests.push(pathname);
    const file = resolveFile(distDir, pathname);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
