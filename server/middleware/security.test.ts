import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { loadConfig } from '#server/config.ts';
import {
  BASIS_WORKER_CSP,
  createNonceSource,
  DECODER_WORKER_CSP,
  decoderWorkerPolicy,
  isHttpsOrigin,
  nonce,
  securityHeaders,
} from '#server/middleware/security.ts';
import { BASIS_WORKER_PATH, DRACO_WORKER_PATH, MESHOPT_WORKER_PATH } from '#shared/decoders.ts';

function createSecuredApp(env: Record<string, string> = {}) {
  const app = express();
  app.use(nonce(), securityHeaders(loadConfig(env)));
  app.get('/', (_req, res) => res.json({ nonce: res.locals.nonce as string }));
  return app;
}

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0] ?? '', d.slice(d.indexOf(' ') + 1)]),
  );
}

describe('nonce', () => {
  it('is fresh per request, at least 16 random bytes, and the one in the CSP', async () => {
    const app = createSecuredApp();

    const [a, b] = await Promise.all([request(app).get('/'), request(app).get('/')]);

    expect(a.body.nonce).not.toBe(b.body.nonce);
    expect(Buffer.from(a.body.nonce as string, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(directives(a.headers['content-security-policy'] as string).get('script-src')).toContain(`'nonce-${a.body.nonce as string}'`);
  });

  it('never repeats across refills of its random pool', () => {
    const next = createNonceSource();

    const values = Array.from({ length: 2000 }, next);

    expect(new Set(values).size).toBe(values.length);
    expect(values.every((v) => Buffer.from(v, 'base64').length === 16)).toBe(true);
  });
});

describe('securityHeaders', () => {
  it('sends a strict CSP: nothing by default, nonce scripts and styles, no wasm, no objects, own base, no framing', async () => {
    const res = await request(createSecuredApp()).get('/');
    const csp = directives(res.headers['content-security-policy'] as string);

    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('script-src')).toBe(`'nonce-${res.body.nonce as string}' 'self'`);
    expect(csp.get('style-src')).toBe(`'nonce-${res.body.nonce as string}' 'self'`);
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('worker-src')).toBe("'self'");
  });

  it('allows inline styles in development, where Vite injects <style> elements without a nonce', async () => {
    const res = await request(createSecuredApp({ NODE_ENV: 'development' })).get('/');

    expect(directives(res.headers['content-security-policy'] as string).get('style-src')).toBe("'self' 'unsafe-inline'");
  });

  it('sends Referrer-Policy, Permissions-Policy, nosniff and COOP', async () => {
    const res = await request(createSecuredApp()).get('/');

    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // Features Chromium no longer knows make it log an error on every page.
    expect(res.headers['permissions-policy']).not.toContain('interest-cohort');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('allows Algolia hosts to be contacted only when Algolia is configured', async () => {
    const embedded = await request(createSecuredApp()).get('/');
    const remote = await request(createSecuredApp({ ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_KEY: 'k' })).get('/');

    expect(directives(embedded.headers['content-security-policy'] as string).get('connect-src')).not.toContain('algolia');
    expect(directives(remote.headers['content-security-policy'] as string).get('connect-src')).toContain('https://*.algolia.net');
  });

  it('leaves upgrade-insecure-requests and HSTS out in development, even for an https PUBLIC_URL', async () => {
    const res = await request(createSecuredApp({ NODE_ENV: 'development', PUBLIC_URL: 'https://vitrine.example' })).get('/');

    expect(directives(res.headers['content-security-policy'] as string).has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('isHttpsOrigin', () => {
  const https = (env: Record<string, string>, headers: Record<string, string> = {}) => {
    const app = express();
    const config = loadConfig(env);
    app.set('trust proxy', config.trustProxy);
    app.get('/', (req, res) => res.json(isHttpsOrigin(config, req)));
    return request(app)
      .get('/')
      .set(headers)
      .then((res) => res.body as boolean);
  };

  it("follows PUBLIC_URL's scheme whatever the request says", async () => {
    expect(await https({ PUBLIC_URL: 'https://vitrine.example' })).toBe(true);
    expect(await https({ PUBLIC_URL: 'http://192.168.1.20:3000' }, { 'X-Forwarded-Proto': 'https' })).toBe(false);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy when PUBLIC_URL is unset', async () => {
    expect(await https({})).toBe(false);
    expect(await https({}, { 'X-Forwarded-Proto': 'https' })).toBe(false);
    expect(await https({ TRUST_PROXY: 'loopback' }, { 'X-Forwarded-Proto': 'https' })).toBe(true);
  });
});

describe('decoderWorkerPolicy', () => {
  const app = express();
  app.use(nonce(), securityHeaders(loadConfig({})), decoderWorkerPolicy());
  app.get('/{*path}', (_req, res) => res.type('js').send('void 0'));

  it.each([DRACO_WORKER_PATH, MESHOPT_WORKER_PATH])(
    'lets the decoder worker %s compile wasm, and nothing more: no eval, no network, no other script source',
    async (path) => {
      const res = await request(app).get(path);
      const csp = directives(res.headers['content-security-policy'] as string);

      expect(res.headers['content-security-policy']).toBe(DECODER_WORKER_CSP);
      expect(csp.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
      expect(csp.get('default-src')).toBe("'none'");
      expect(csp.has('connect-src')).toBe(false);
    },
  );

  it('lets the Basis worker evaluate code as well, which its embind bindings need, still with no network', async () => {
    const res = await request(app).get(BASIS_WORKER_PATH);
    const csp = directives(res.headers['content-security-policy'] as string);

    expect(res.headers['content-security-policy']).toBe(BASIS_WORKER_CSP);
    expect(csp.get('script-src')).toBe("'self' 'unsafe-eval' 'wasm-unsafe-eval'");
    expect(csp.has('connect-src')).toBe(false);
  });

  it("leaves every other file, the decoders' own scripts included, under the page policy, which compiles no wasm", async () => {
    const others = [
      '/decoders/basis/basis_transcoder.js',
      '/decoders/draco/draco_wasm_wrapper.js',
      '/decoders/meshopt/other.js',
      '/',
      `${BASIS_WORKER_PATH}.map`,
    ];
    for (const path of others) {
      const res = await request(app).get(path);
      const scripts = directives(res.headers['content-security-policy'] as string)
        .get('script-src')
        ?.split(' ');
      expect(scripts, path).toContain("'self'");
      expect(scripts, path).not.toContain("'wasm-unsafe-eval'");
      expect(scripts, path).not.toContain("'unsafe-eval'");
    }
  });
});
