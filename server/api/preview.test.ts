import { sign } from 'cookie-signature';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';

import { startFakeContentful } from '../../tests/fakes/contentful.ts';
import { createContentTestApp } from '../../tests/fakes/contentful-app.ts';
import { PREVIEW_COOKIE } from './preview.ts';

import type { ContentTestApp } from '../../tests/fakes/contentful-app.ts';

/**
 * Preview mode on the real app over the embedded demo space: the signed
 * cookie, redirects that stay on our origin, drafts behind the cookie only,
 * and nothing of it cacheable.
 */
const PREVIEW_SECRET = 'preview-secret-5';
const COOKIE_SECRET = 'cookie-secret-for-tests';
const DRAFT = '/articles/spring-collection-preview';
const DRAFT_TITLE = 'Draft: a first look at the spring collection';

let t: ContentTestApp;

beforeAll(async () => {
  t = await createContentTestApp({ PREVIEW_SECRET, COOKIE_SECRET });
});

function setCookieOf(res: request.Response): string {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = header?.find((c) => c.startsWith(`${PREVIEW_COOKIE}=`));
  if (!cookie) throw new Error(`no ${PREVIEW_COOKIE} cookie in ${JSON.stringify(header)}`);
  return cookie;
}

async function previewCookie(): Promise<string> {
  const res = await request(t.app).get('/api/preview').query({ secret: PREVIEW_SECRET, path: '/' });
  return setCookieOf(res).split(';')[0] ?? '';
}

/** A cookie signed the way the server signs it, expiring at `expiresS` (seconds). */
function forgeCookie(expiresS: number, secret = COOKIE_SECRET): string {
  return `${PREVIEW_COOKIE}=${sign(String(expiresS), secret)}`;
}

describe('GET /api/preview', () => {
  it('answers a wrong or missing secret with 401 and sets no cookie', async () => {
    const wrong = await request(t.app).get('/api/preview').query({ secret: 'nope', path: DRAFT });
    const missing = await request(t.app).get('/api/preview').query({ path: DRAFT });

    expect(wrong.status).toBe(401);
    expect(missing.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.body.error.message).toBe('Wrong preview secret');
  });

  it('sets an HttpOnly cookie for a third-party frame (SameSite=None, Secure, Partitioned) and redirects with 307 to the local path', async () => {
    const res = await request(t.app)
      .get('/api/preview')
      .query({ secret: PREVIEW_SECRET, path: `${DRAFT}?from=cms` });
    const cookie = setCookieOf(res);

    expect(res.status).toBe(307);
    expect(res.headers.location).toBe(`${DRAFT}?from=cms`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=None/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Partitioned/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=3600/);
  });

  it('over plain HTTP to a host that is not loopback, sets a SameSite=Lax cookie without Secure (browsers would drop it)', async () => {
    const res = await request(t.app).get('/api/preview').query({ secret: PREVIEW_SECRET }).set('Host', 'vitrine.test');
    const cookie = setCookieOf(res);

    expect(res.status).toBe(307);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure|; Partitioned/);
  });

  it('redirects to the home page without a path', async () => {
    const res = await request(t.app).get('/api/preview').query({ secret: PREVIEW_SECRET });

    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('/');
  });

  it('marks the cookie Secure when a trusted proxy says the request came over https, and trusts no one else', async () => {
    const proxied = await createContentTestApp({ PREVIEW_SECRET, COOKIE_SECRET, TRUST_PROXY: 'loopback' });

    const https = await request(proxied.app)
      .get('/api/preview')
      .query({ secret: PREVIEW_SECRET })
      .set('Host', 'vitrine.test')
      .set('X-Forwarded-Proto', 'https');
    const untrusted = await request(t.app).get('/api/preview').query({ secret: PREVIEW_SECRET }).set('Host', 'vitrine.test').set('X-Forwarded-Proto', 'https');

    expect(setCookieOf(https)).toMatch(/; Secure; Partitioned; SameSite=None$/);
    expect(setCookieOf(untrusted)).not.toMatch(/; Secure/);
  });

  it.each([
    '//evil.com',
    '//evil.com/articles',
    'https://evil.com',
    'http://evil.com/',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    'javascript:alert(1)',
    'evil.com',
    '',
  ])('refuses to redirect to %j with 400', async (path) => {
    const res = await request(t.app).get('/api/preview').query({ secret: PREVIEW_SECRET, path });

    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a path given twice', async () => {
    const res = await request(t.app).get(`/api/preview?secret=${PREVIEW_SECRET}&path=/a&path=//evil.com`);

    expect(res.status).toBe(400);
  });

  it('answers 404 when no PREVIEW_SECRET is configured', async () => {
    const unconfigured = await createContentTestApp();

    const res = await request(unconfigured.app).get('/api/preview').query({ secret: PREVIEW_SECRET });

    expect(res.status).toBe(404);
  });

  it('answers 404 against Contentful without a preview token', async () => {
    const fake = await startFakeContentful();
    const { CONTENTFUL_PREVIEW_TOKEN: _token, ...env } = fake.env;
    try {
      const remote = await createContentTestApp({ ...env, PREVIEW_SECRET, COOKIE_SECRET });

      const res = await request(remote.app).get('/api/preview').query({ secret: PREVIEW_SECRET });

      expect(res.status).toBe(404);
    } finally {
      await fake.close();
    }
  });
});

describe('pages in preview', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await previewCookie();
  });

  it('renders the draft article with a Preview banner and an exit link, never cacheable', async () => {
    const res = await request(t.app).get(DRAFT).set('Cookie', cookie);

    expect(res.status).toBe(200);
    expect(res.text).toMatch(new RegExp(`<h1 [^>]*>${DRAFT_TITLE}</h1>`));
    expect(res.text).toMatch(
      /<div class="preview-banner" role="status">Preview: you are seeing unpublished content\.(<!-- -->)?\s*<a href="\/api\/preview\/exit">Exit preview<\/a>/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('Cookie');
  });

  it("may be framed only by Contentful's web app (Live Preview), and tags its fields for the inspector", async () => {
    const res = await request(t.app).get(DRAFT).set('Cookie', cookie);
    const csp = String(res.headers['content-security-policy']);

    expect(csp).toContain('frame-ancestors https://app.contentful.com https://app.eu.contentful.com');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const h1 = /<h1 [^>]*>/.exec(res.text)?.[0] ?? '';
    expect(h1).toMatch(/data-contentful-entry-id="[\w-]+"/);
    expect(h1).toContain('data-contentful-field-id="title"');
    expect(h1).toContain('data-contentful-locale="en-US"');
    expect(res.text).toContain('data-contentful-field-id="body"');
  });

  it('leaves public pages unframeable and untagged, and serves no preview HTML without the cookie', async () => {
    const published = await request(t.app).get('/articles/behind-the-vitrine');
    const draft = await request(t.app).get(DRAFT);

    expect(String(published.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(published.text).not.toContain('data-contentful-');
    expect(draft.status).toBe(404);
    expect(draft.text).not.toContain(DRAFT_TITLE);
    expect(String(draft.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('shows the German banner on German pages', async () => {
    const res = await request(t.app).get(`/de${DRAFT}`).set('Cookie', cookie);

    expect(res.status).toBe(200);
    expect(res.text).toContain('Vorschau beenden');
  });

  it('lists the draft among the articles in preview', async () => {
    const res = await request(t.app).get('/articles').set('Cookie', cookie);

    expect(res.text).toContain(`href="${DRAFT}"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('serves route data for client navigations as private, no-store too', async () => {
    const res = await request(t.app).get(`/_data${DRAFT}?_routes=en,article`).set('Cookie', cookie);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(JSON.stringify(res.body)).toContain(DRAFT_TITLE);
  });

  it('keeps drafts away from visitors without the cookie', async () => {
    const page = await request(t.app).get(DRAFT);
    const list = await request(t.app).get('/articles');

    expect(page.status).toBe(404);
    expect(list.text).not.toContain(`href="${DRAFT}"`);
    expect(list.text).not.toContain('preview-banner');
    expect(list.headers['cache-control']).toMatch(/^public/);
  });

  it.each([
    ['a tampered signature', () => `${forgeCookie(Math.floor(Date.now() / 1000) + 600).slice(0, -4)}AAAA`],
    ['a cookie signed with another secret', () => forgeCookie(Math.floor(Date.now() / 1000) + 600, 'other-secret')],
    ['an expired cookie', () => forgeCookie(Math.floor(Date.now() / 1000) - 1)],
    ['garbage', () => `${PREVIEW_COOKIE}=garbage`],
    ['a malformed percent-encoding', () => `${PREVIEW_COOKIE}=%E0%A4%A`],
    ['an encoded copy of a valid cookie', () => forgeCookie(Math.floor(Date.now() / 1000) + 600).replace(/\.(.)/, '%2E$1')],
  ])('ignores and clears %s', async (_what, make) => {
    const res = await request(t.app).get(DRAFT).set('Cookie', `theme=dark; ${make()}`);

    expect(res.status).toBe(404);
    expect(res.text).not.toContain('preview-banner');
    expect(setCookieOf(res)).toMatch(
      new RegExp(`^${PREVIEW_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; Partitioned; SameSite=None$`),
    );
  });

  it('leaves other cookies and requests without the cookie alone', async () => {
    const res = await request(t.app).get('/').set('Cookie', 'theme=%E0%A4%A; other=1');

    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('accepts a cookie the server signed', async () => {
    const res = await request(t.app)
      .get(DRAFT)
      .set('Cookie', forgeCookie(Math.floor(Date.now() / 1000) + 600));

    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /api/preview/exit', () => {
  it('clears the cookie and redirects home', async () => {
    const res = await request(t.app)
      .get('/api/preview/exit')
      .set('Cookie', await previewCookie());
    const cleared = setCookieOf(res);

    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('/');
    expect(cleared).toMatch(new RegExp(`^${PREVIEW_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect(cleared).toMatch(/; HttpOnly/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('returns to a local path, never to another origin', async () => {
    const local = await request(t.app).get('/api/preview/exit').query({ path: '/de/articles' });
    const evil = await request(t.app).get('/api/preview/exit').query({ path: '//evil.com' });

    expect(local.headers.location).toBe('/de/articles');
    expect(evil.headers.location).toBe('/');
  });
});
