import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';

import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';

/**
 * Open redirects (ADR 011): `/api/preview` and `/api/preview/exit` on the real app
 * (embedded demo space, preview on) never send a browser to another origin,
 * whatever `path` says. Raw query strings are sent exactly as an attacker's
 * link would carry them.
 */
const PREVIEW_SECRET = 'preview-secret-12';
const ORIGIN = 'https://vitrine.example';

/** `path` values as they appear in a query string (already URL-encoded where noted). */
const OFF_SITE = [
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/x/../..//evil.example',
  '/.%2e//evil.example/path%3Fq%3D1',
  '//evil.example',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '%5C%5Cevil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D%0ALocation:%20https://evil.example',
  'https://evil.example',
  'https:evil.example',
  'javascript:alert(1)',
  '/javascript:alert(1)',
  '/%EF%BC%8Fevil.example',
  '/%E2%81%84evil.example',
  // The value itself carries the bad escape; in the URL it is well-formed (the request guard 400s malformed URLs first).
  '/%25C0%25AF%25C0%25AFevil.example',
  '/%25E0%25A4%25A',
  '/%25',
];

let t: ContentTestApp;

beforeAll(async () => {
  t = await createContentTestApp({ PREVIEW_SECRET, COOKIE_SECRET: 'cookie-secret-12' });
});

function expectSameOrigin(location: string | undefined) {
  expect(location).toBeDefined();
  expect(new URL(location ?? '', ORIGIN).origin).toBe(ORIGIN);
  expect(location).toMatch(/^\/(?![/\\])/);
}

describe('GET /api/preview/exit', () => {
  it.each(OFF_SITE)('sends path=%s home', async (path) => {
    const res = await request(t.app).get(`/api/preview/exit?path=${path}`).redirects(0);

    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('/');
  });

  it.each([
    ['/de/models/ostra-lounge-chair?q=1#h', '/de/models/ostra-lounge-chair?q=1#h'],
    ['/articles/k%C3%BCche', '/articles/k%C3%BCche'],
    ['/a/../de/articles', '/de/articles'],
  ])('returns to the local path %s', async (path, expected) => {
    const res = await request(t.app).get('/api/preview/exit').query({ path }).redirects(0);

    expect(res.status).toBe(307);
    expect(res.headers.location).toBe(expected);
    expectSameOrigin(res.headers.location);
  });
});

describe('GET /api/preview', () => {
  it.each(OFF_SITE)('refuses path=%s with 400 and sets no cookie', async (path) => {
    const res = await request(t.app).get(`/api/preview?secret=${PREVIEW_SECRET}&path=${path}`).redirects(0);

    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body.error.message).toBe('path must be a path on this site, starting with a single /');
  });

  it('redirects to a local path with the preview cookie', async () => {
    const res = await request(t.app).get('/api/preview').query({ secret: PREVIEW_SECRET, path: '/de/models/x?q=1#h' }).redirects(0);

    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('/de/models/x?q=1#h');
    expect(String(res.headers['set-cookie'])).toMatch(/^vitrine_preview=\d+\./);
  });
});

describe('static folders', () => {
  it('does not redirect a folder name to its trailing-slash form', async () => {
    const res = await request(t.app).get('/decoders').redirects(0);

    expect(res.headers.location).toBeUndefined();
  });
});
