import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseImageParams } from '#server/services/images/image-params.ts';
import { ALLOWED_IMAGE_WIDTHS } from '#shared/images.ts';
import { createContentTestApp } from '../fakes/contentful-app.ts';

import type { ContentTestApp } from '../fakes/contentful-app.ts';

/**
 * Image-variant floods (ADR 012): `/content-assets` rendered ~43,000 variants per image
 * (any of 17 widths and heights, 5 qualities, 5 formats, 6 fits, enlarging
 * up to 3840x3840). On the real app over the demo space, junk and
 * non-canonical variants now cost no render at all, and every image URL the
 * pages themselves emit is canonical.
 */
const HERO = '/content-assets/images.ctfassets.net/vitrine-demo/hero-behind-the-vitrine/4725e5fe17c05528e96f10127acacb41/behind-the-vitrine.webp';
const AVATAR = '/content-assets/images.ctfassets.net/vitrine-demo/avatar-jonas-ebert/f5e10c4775ea604866cf0105fdbeb0b7/jonas-ebert.png';
const SOURCE_WIDTHS: Record<string, number> = { [HERO]: 1600, [AVATAR]: 400 };

/** Parameters an attacker varies: never allowed, malformed, or wider than the source. */
const JUNK = [
  'w=500',
  'w=0640',
  'w=3841',
  'w=-16',
  'w=64.0',
  'h=640',
  'h=16&fit=thumb',
  'fit=pad',
  'q=0',
  'q=101',
  'q=7.5',
  'q=50',
  'q=90',
  'fm=gif',
  'fm=jpeg',
  'fm=AVIF',
  'fl=progressive',
  'r=20',
  'w=3840',
  'w=2048',
];
/** Allowed parameters each junk value is combined with. */
const ALLOWED = ['', 'fm=webp', 'q=75&fm=avif', 'fm=png&q=75', 'fm=jpg'];

/** 200 distinct variant URLs: every junk value with every allowed combination, on two images. */
const VARIANTS = [HERO, AVATAR].flatMap((path) => JUNK.flatMap((junk) => ALLOWED.map((allowed) => `${path}?${[junk, allowed].filter(Boolean).join('&')}`)));

let t: ContentTestApp;
let dataDir: string;
const renders = () => t.logs.filter((line) => line.msg === 'image rendered').length;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vitrine-images-'));
  t = await createContentTestApp({ DATA_DIR: dataDir }, { captureLogs: true });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function expectCanonical(url: string, sourceWidth: number) {
  const [path = '', query = ''] = url.split('?');
  const parsed = parseImageParams(query, t.config.images.qualities);

  expect(path).toMatch(/^\/content-assets\/(?![/\\])/);
  expect(parsed.ok).toBe(true);
  expect(query).toMatch(/^(w=\d+&)?q=75(&fm=(avif|webp|jpg|png))?$/);
  const width = parsed.ok === true ? parsed.params?.width : undefined;
  if (width !== undefined) expect(ALLOWED_IMAGE_WIDTHS.includes(width) && width <= sourceWidth).toBe(true);
}

describe('image variants on the real app', () => {
  it('answers 200 distinct junk variants with 400 or a canonical same-origin redirect, rendering none', async () => {
    expect(new Set(VARIANTS).size).toBe(200);
    const statuses: Record<number, number> = {};

    for (const url of VARIANTS) {
      const res = await request(t.app).get(url).redirects(0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;

      expect([400, 307, 308]).toContain(res.status);
      if (res.status === 400) expect(res.body.error.message).toMatch(/must be one of|supported: w, q, fm|more than once/);
      else expectCanonical(res.headers.location!, SOURCE_WIDTHS[url.split('?')[0]!]!);
    }

    expect(renders()).toBe(0);
    expect(statuses[400]).toBeGreaterThan(100);
    expect(statuses[307]).toBeGreaterThan(0);
    expect(statuses[308]).toBeGreaterThan(0);
  });

  it.each(['/', '/articles/behind-the-vitrine', '/models/halo-pendant'])('emits only canonical image URLs on %s', async (page) => {
    const html = (await request(t.app).get(page)).text.replaceAll('&amp;', '&');
    const urls = [...new Set([...html.matchAll(/\/content-assets\/[^\s"'<>,&]+\?[\w=&]+/g)].map((match) => match[0]))];

    expect(urls.length).toBeGreaterThan(5);
    const widths = new Map<string, number>();
    for (const url of urls) {
      const path = url.split('?')[0]!;
      const file = join('content/assets', ...path.split('/').slice(2).map(decodeURIComponent));
      if (!widths.has(path)) widths.set(path, (await sharp(file).metadata()).autoOrient.width);
      expectCanonical(url, widths.get(path)!);
    }
  });
});
