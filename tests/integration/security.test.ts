import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createFakeContent } from '../fakes/content-api.ts';
import { createTestApp } from '../fakes/test-app.ts';
import { createClientDir } from './support/fake-entry.tsx';

/** Text that tries every way out of an inline script: end tag, comment opener, JS line terminators. */
const HOSTILE = '</script><!--<script>alert(1)</script>\u2028\u2029 & </SCRIPT >';

const SECRETS = {
  CONTENTFUL_SPACE_ID: 'space-id',
  CONTENTFUL_ACCESS_TOKEN: 'cda-token-secret-1',
  CONTENTFUL_PREVIEW_TOKEN: 'cpa-token-secret-2',
  ALGOLIA_APP_ID: 'APPID',
  ALGOLIA_SEARCH_KEY: 'search-only-key',
  ALGOLIA_ADMIN_KEY: 'algolia-admin-secret-3',
  COOKIE_SECRET: 'cookie-secret-4',
  PREVIEW_SECRET: 'preview-secret-5',
  CONTENTFUL_WEBHOOK_SECRET: 'webhook-secret-6'.padEnd(64, 'x'),
};

function nonceOf(res: request.Response): string {
  const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)?.[1];
  if (!nonce) throw new Error('no nonce in the CSP');
  return nonce;
}

/** Every `<script>` start tag, and the text of each inline script. */
function scriptsOf(html: string): Array<{ tag: string; body: string }> {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)].map((m) => ({ tag: m[1] ?? '', body: m[2] ?? '' }));
}

describe('security headers', () => {
  const expectHardened = (res: request.Response) => {
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBeDefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toBeDefined();
  };

  it.each([
    ['a page', '/'],
    ['a 404 page', '/no/such/page/here'],
    ['route data', '/_data/?_routes=en,home'],
    ['the health check', '/healthz'],
    ['a static file', '/favicon.svg'],
    ['a hashed asset', '/assets/index-Abc123.js'],
    ['a bad request', '/%E0%A4%A'],
    ['a URL that is too long', `/${'a'.repeat(9000)}`],
  ])('hardens %s', async (_what, url) => {
    // HSTS only for an https site (tests/security/headers.test.ts has the plain-http cases).
    const { app } = createTestApp({ PUBLIC_URL: 'https://vitrine.example' }, createClientDir());

    expectHardened(await request(app).get(url));
  });

  it('hardens a 405', async () => {
    const { app } = createTestApp({ PUBLIC_URL: 'https://vitrine.example' });

    expectHardened(await request(app).post('/'));
  });

  it('uses a fresh nonce on every request', async () => {
    const { app } = createTestApp();

    const [a, b] = await Promise.all([request(app).get('/'), request(app).get('/')]);

    expect(nonceOf(a)).not.toBe(nonceOf(b));
  });

  it('puts the nonce on every script, the hydration data included, and on module preloads', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/');
    const nonce = nonceOf(res);
    const executable = scriptsOf(res.text).filter((s) => !s.tag.includes('application/ld+json'));

    expect(executable.length).toBeGreaterThan(0);
    expect(executable.some((s) => s.body.includes('__staticRouterHydrationData'))).toBe(true);
    for (const { tag } of executable) expect(tag).toContain(`nonce="${nonce}"`);
    for (const link of res.text.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? []) expect(link).toContain(`nonce="${nonce}"`);
  });

  it('keeps scripts on 404 pages nonce-protected too', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/no/such/page/here');
    const nonce = nonceOf(res);

    for (const { tag } of scriptsOf(res.text).filter((s) => !s.tag.includes('application/ld+json'))) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe('serialized data in the page', () => {
  it('cannot break out of its script: </script>, <!-- and U+2028/2029 in content are escaped', async () => {
    const content = createFakeContent({ siteName: HOSTILE });
    const { app } = createTestApp({}, { content });

    const res = await request(app).get('/');
    const scripts = scriptsOf(res.text);
    const hydration = scripts.find((s) => s.body.includes('__staticRouterHydrationData'));

    expect(res.status).toBe(200);
    expect(hydration).toBeDefined();
    for (const { body } of scripts) {
      expect(body).not.toMatch(/<\/script/i);
      expect(body).not.toContain('<!--');
      expect(body).not.toContain('\u2028');
      expect(body).not.toContain('\u2029');
    }
    // No injected element: the only <script> tags are the ones we emit.
    expect(res.text).not.toContain('<script>alert(1)</script>');
    // The data survives the escaping intact.
    const json = /window\.__staticRouterHydrationData=(.*?);window\.__vitrineConfig=/s.exec(hydration?.body ?? '')?.[1] ?? '';
    const data = JSON.parse(json) as { loaderData: Record<string, { site?: { name: string } }> };
    expect(Object.values(data.loaderData).some((d) => d?.site?.name === HOSTILE)).toBe(true);
  });

  it('escapes the same content in the route data JSON only as JSON requires', async () => {
    const content = createFakeContent({ siteName: HOSTILE });
    const { app } = createTestApp({}, { content });

    const res = await request(app).get('/_data/?_routes=en');

    expect(res.body.results.en.data.site.name).toBe(HOSTILE);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('never ships a secret to the browser', async () => {
    const { app } = createTestApp(SECRETS);

    const page = await request(app).get('/');
    const data = await request(app).get('/_data/?_routes=en,home');

    for (const secret of Object.entries(SECRETS).filter(
      ([name]) => name !== 'ALGOLIA_SEARCH_KEY' && name !== 'ALGOLIA_APP_ID' && name !== 'CONTENTFUL_SPACE_ID',
    )) {
      expect(page.text).not.toContain(secret[1]);
      expect(data.text).not.toContain(secret[1]);
    }
    expect(page.text).toContain('search-only-key');
  });
});
