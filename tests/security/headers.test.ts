import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { createServices } from '#server/composition.ts';
import { CLIENT_ENTRY, createManifestAssets } from '#server/ssr/assets.ts';
import { BASIS_WORKER_PATH, DECODER_WORKER_PATHS, DRACO_WORKER_PATH, MESHOPT_WORKER_PATH } from '#shared/decoders.ts';

import type { SsrEntry } from '#server/ssr/assets.ts';
import type { Express } from 'express';

/**
 * Security and caching headers (ADR 017) on the real app over the
 * embedded demo space, with a built-looking client folder (a Vite manifest,
 * an inlined stylesheet, a script and its source map) so the inline-CSS and
 * source-map paths run as in production, whatever dist/ holds.
 */
const HOST = 'vitrine.test';
const MODEL = 'ostra-lounge-chair';
const CSS = '.page{color:#123}\n';

let clientDir: string;
const apps = new Map<string, Promise<Express>>();

beforeAll(() => {
  clientDir = mkdtempSync(join(tmpdir(), 'vitrine-headers-'));
  mkdirSync(join(clientDir, 'assets'));
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, 'assets', 'entry-Abc123.js'), 'export {};\n');
  writeFileSync(join(clientDir, 'assets', 'entry-Abc123.js.map'), '{"version":3,"sources":["client/entry.client.tsx"],"mappings":""}');
  writeFileSync(join(clientDir, 'assets', 'entry-Abc123.css'), CSS);
  const manifest = { [CLIENT_ENTRY]: { file: 'assets/entry-Abc123.js', isEntry: true, css: ['assets/entry-Abc123.css'] } };
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  // Stand-ins for scripts/copy-decoders.ts' output, which the build copies from public/ into the client folder.
  for (const path of [...DECODER_WORKER_PATHS, '/decoders/draco/draco_wasm_wrapper.js']) {
    mkdirSync(join(clientDir, dirname(path)), { recursive: true });
    writeFileSync(join(clientDir, path), 'void 0;\n');
  }
});

afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** One app per environment, shared by the tests that use the same one (building the services takes a while). */
function appWith(env: Record<string, string> = {}): Promise<Express> {
  const key = JSON.stringify(env);
  let app = apps.get(key);
  if (!app) apps.set(key, (app = buildApp(env)));
  return app;
}

async function buildApp(env: Record<string, string>): Promise<Express> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', INSIGHTS_ENABLED: 'false', ALLOWED_HOSTS: HOST, ...env }, '1.2.3');
  const logger = createLogger(config);
  const services = await createServices(config, logger);
  return createApp(config, {
    logger,
    ...services.appDeps,
    clientDir,
    ssr: { entry: { load: () => import('#client/entry.server.tsx') as Promise<SsrEntry> }, assets: createManifestAssets(clientDir), buildId: 'test' },
  });
}

const get = async (path: string, env: Record<string, string> = {}) =>
  request(await appWith(env))
    .get(path)
    .set('Host', HOST);

function directives(res: request.Response): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Every `<script>` and `<style>` element: its start tag and its text. */
function inlineElements(html: string): Array<{ tag: string; body: string; kind: 'script' | 'style' }> {
  return Array.from(html.matchAll(/(<(script|style)\b[^>]*>)([\s\S]*?)<\/\2>/gi), (m) => ({
    tag: m[1] ?? '',
    kind: m[2] as 'script' | 'style',
    body: m[3] ?? '',
  }));
}

describe('error responses', () => {
  it.each([
    ['an unknown path', '/no/such/page/here'],
    ['a missing article', '/articles/no-such-article'],
    ['a missing model (German)', '/de/models/no-such-model'],
    ['a missing JSON API entry', '/api/content/article/no-such-article'],
    ['a missing hashed asset', '/assets/entry-Zzz999.js'],
  ])('are never stored: %s', async (_what, path) => {
    const res = await get(path);

    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("are never stored as route data either (a navigation's 404)", async () => {
    const res = await get('/_data/articles/no-such-article?_routes=article');

    expect(res.body).toMatchObject({ type: 'data', status: 404 });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('leaves a found page to HTML_CACHE_CONTROL', async () => {
    const res = await get('/articles');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(loadConfig({}).htmlCacheControl);
  });
});

describe('source maps', () => {
  it.each(['/assets/entry-Abc123.js.map', '/assets/entry-Abc123.js%2Emap', '/assets/ENTRY-Abc123.JS.MAP'])('answer 404 by default: %s', async (path) => {
    const res = await get(path);

    expect(res.status).toBe(404);
    expect(res.text).not.toContain('mappings');
  });

  it('are served with SOURCE_MAPS_PUBLIC=true; the scripts are served either way', async () => {
    const map = await get('/assets/entry-Abc123.js.map', { SOURCE_MAPS_PUBLIC: 'true' });
    const script = await get('/assets/entry-Abc123.js');

    expect(map.status).toBe(200);
    expect(map.text).toContain('mappings');
    expect(script.status).toBe(200);
  });
});

describe("'wasm-unsafe-eval'", () => {
  // Every page type, viewer pages and articles whose rich text embeds a model included: the decoders compile wasm in their workers.
  const pages = [
    '/',
    '/de',
    '/models',
    `/models/${MODEL}`,
    `/de/models/${MODEL}`,
    `/models/${MODEL}/embed`,
    `/de/models/${MODEL}/embed`,
    '/articles',
    '/articles/rendering-light',
    '/search?q=chair',
    '/press',
    '/no/such/page/here',
  ];

  it.each(pages)('is never in a page policy, which starts no blob: workers either: %s', async (path) => {
    const res = await get(path);

    expect(directives(res).get('script-src')).toContain("'self'");
    expect(directives(res).get('script-src')).not.toContain("'wasm-unsafe-eval'");
    expect(directives(res).get('script-src')).not.toContain("'unsafe-eval'");
    expect(directives(res).get('worker-src')).toEqual(["'self'"]);
    expect(res.text).not.toContain('__vitrineWasm');
  });

  it("is not in the policy of cached copies either, which keep the route's framing", async () => {
    await get(`/models/${MODEL}/embed`);
    await get('/');
    const embed = await untilCached(`/models/${MODEL}/embed`);
    const home = await untilCached('/');

    expect(directives(embed).get('script-src')).not.toContain("'wasm-unsafe-eval'");
    expect(directives(embed).get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives(home).get('script-src')).not.toContain("'wasm-unsafe-eval'");
    expect(directives(home).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it.each(DECODER_WORKER_PATHS)('is in the decoder worker %s, served with a policy of its own that allows no network', async (path) => {
    const res = await get(path);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(directives(res).get('default-src')).toEqual(["'none'"]);
    expect(directives(res).get('script-src')).toContain("'wasm-unsafe-eval'");
    expect([...directives(res).keys()]).toEqual(['default-src', 'script-src']);
  });

  it('comes without eval for the Draco and meshopt workers; only the Basis one (embind) evaluates code', async () => {
    for (const path of [DRACO_WORKER_PATH, MESHOPT_WORKER_PATH])
      expect((await get(path)).headers['content-security-policy'], path).toBe("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'");
    expect(directives(await get(BASIS_WORKER_PATH)).get('script-src')).toEqual(["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"]);
  });

  it("leaves the decoders' other files under the page policy", async () => {
    const res = await get('/decoders/draco/draco_wasm_wrapper.js');

    expect(res.status).toBe(200);
    expect(directives(res).get('script-src')).not.toContain("'wasm-unsafe-eval'");
  });
});

/** Requests `path` until the page cache answers (its CSP carries hashes, no nonce). */
async function untilCached(path: string): Promise<request.Response> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await get(path);
    if (!String(res.headers['content-security-policy']).includes("'nonce-")) return res;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${path} never came from the page cache`);
}

describe('HSTS and upgrade-insecure-requests', () => {
  const httpsHeaders = (res: request.Response) => ({
    hsts: res.headers['strict-transport-security'] as string | undefined,
    upgrade: directives(res).has('upgrade-insecure-requests'),
  });

  it('are left out for an http PUBLIC_URL (a build on a LAN address), whatever a proxy says', async () => {
    const env = { PUBLIC_URL: 'http://192.168.1.20:3000', ALLOWED_HOSTS: HOST, TRUST_PROXY: 'loopback' };
    const res = await request(await appWith(env))
      .get('/')
      .set('Host', HOST)
      .set('X-Forwarded-Proto', 'https');

    expect(httpsHeaders(res)).toEqual({ hsts: undefined, upgrade: false });
  });

  it('are sent for an https PUBLIC_URL', async () => {
    const res = await get('/', { PUBLIC_URL: 'https://vitrine.example' });

    expect(httpsHeaders(res)).toEqual({ hsts: 'max-age=63072000; includeSubDomains; preload', upgrade: true });
  });

  it('follow the request without PUBLIC_URL: plain http gets neither, https through a trusted proxy both', async () => {
    const plain = await get('/');
    const untrusted = await request(await appWith())
      .get('/')
      .set('Host', HOST)
      .set('X-Forwarded-Proto', 'https');
    const proxied = await request(await appWith({ TRUST_PROXY: 'loopback' }))
      .get('/')
      .set('Host', HOST)
      .set('X-Forwarded-Proto', 'https');

    expect(httpsHeaders(plain)).toEqual({ hsts: undefined, upgrade: false });
    expect(httpsHeaders(untrusted)).toEqual({ hsts: undefined, upgrade: false });
    expect(httpsHeaders(proxied).hsts).toMatch(/^max-age=63072000/);
    expect(httpsHeaders(proxied).upgrade).toBe(true);
  });
});

describe('inline scripts and styles', () => {
  it.each(['/', `/models/${MODEL}`, '/articles/rendering-light', '/no/such/page/here'])(
    "carry this response's nonce, with no other way in: %s",
    async (path) => {
      // Rendered fresh: the page cache would answer with hashes instead.
      const res = await get(path, { PAGE_CACHE_MAX_BYTES: '0' });
      const csp = directives(res);
      const nonce =
        csp
          .get('script-src')
          ?.find((source) => source.startsWith("'nonce-"))
          ?.slice(7, -1) ?? 'missing';
      const elements = inlineElements(res.text).filter((element) => !/type="application\/(ld\+)?json"/.test(element.tag));

      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('style-src')).toEqual([`'nonce-${nonce}'`, "'self'"]);
      expect(elements.some((element) => element.kind === 'style' && element.body === CSS)).toBe(true);
      for (const element of elements) if (!/\ssrc=/.test(element.tag)) expect(element.tag).toContain(` nonce="${nonce}"`);
      expect(res.text).not.toMatch(/<[a-z][^>]*\sstyle=/i);
    },
  );

  it('name the entry script with its Subresource Integrity (the boot script adds it after the LCP image, ADR 058)', async () => {
    const res = await get('/articles');
    const integrity = `sha384-${createHash('sha384').update('export {};\n').digest('base64')}`;

    const boot = inlineElements(res.text).find((element) => element.kind === 'script' && element.body.includes('"/assets/entry-Abc123.js"'));

    expect(boot?.body).toContain(`{"/assets/entry-Abc123.js":"${integrity}"}`);
    expect(res.text).not.toMatch(/<script [^>]*src="\/assets\//);
  });

  it('are allowed by hash on a cached page, which carries no nonce', async () => {
    const res = await untilCached(`/models/${MODEL}`);
    const csp = directives(res);
    const elements = inlineElements(res.text).filter((element) => !/\ssrc=|type="application\/(ld\+)?json"/.test(element.tag));

    expect(res.text).not.toContain('nonce=');
    expect(elements.some((element) => element.kind === 'style')).toBe(true);
    for (const element of elements) expect(csp.get(`${element.kind}-src`)).toContain(sha256(element.body));
    expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
  });

  it('include the error page of a static miss', async () => {
    const res = await request(await appWith())
      .get('/assets/entry-Zzz999.css')
      .set('Host', HOST)
      .set('Accept', 'text/html');
    const nonce = directives(res).get('style-src')?.[0]?.slice(7, -1);

    expect(res.text).toContain(`<style nonce="${nonce}">`);
  });
});
