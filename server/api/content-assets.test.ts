import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createAssetFixture, createAssetTestApp, parseBinary, PATHS } from '../../tests/fixtures/asset-files.ts';

import type { AssetFixture } from '../../tests/fixtures/asset-files.ts';

let fixture: AssetFixture;
let lines: Array<{ msg: string }>;

const createTestApp = (options?: Parameters<typeof createAssetTestApp>[2]) => createAssetTestApp(fixture.assetsDir, lines, options);
const renders = () => lines.filter((line) => line.msg === 'image rendered').length;
const binary = parseBinary;

beforeAll(async () => {
  fixture = await createAssetFixture();
});
afterAll(async () => {
  await fixture.cleanup();
});
beforeEach(() => {
  lines = [];
});

describe('asset router: images', () => {
  it('resizes to an allowed width in the requested format', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.jpg}?w=640&q=75&fm=webp`).buffer(true).parse(binary);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const meta = await sharp(res.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });
  });

  it.each([
    ['avif', 'image/avif', 'heif'],
    ['jpg', 'image/jpeg', 'jpeg'],
    ['png', 'image/png', 'png'],
  ])('encodes fm=%s', async (fm, type, format) => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.png}?w=256&fm=${fm}`).buffer(true).parse(binary);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect((await sharp(res.body as Buffer).metadata()).format).toBe(format);
  });

  it('accepts every allowed width up to the source width', async () => {
    const app = createTestApp();
    for (const w of [16, 384, 640, 750]) {
      const res = await request(app).get(`/content-assets${PATHS.jpg}?w=${w}&q=75&fm=jpg`).buffer(true).parse(binary);

      expect(res.status).toBe(200);
      expect((await sharp(res.body as Buffer).metadata()).width).toBe(w);
    }
  });

  it.each([828, 1080, 3840])('redirects w=%i, wider than the 800px source, to the image at its own size', async (w) => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.jpg}?fm=webp&w=${w}`);

    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(`/content-assets${PATHS.jpg}?q=75&fm=webp`);
    expect(renders()).toBe(0);
  });

  it('serves the image at its own size in another format without w', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.jpg}?q=75&fm=webp`).buffer(true).parse(binary);

    expect(res.status).toBe(200);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  it('keeps the original format without fm', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.jpg}?w=128`);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('redirects a quality it does not render to the nearest one it does', async () => {
    const res = await request(createTestApp({ qualities: [50, 75] })).get(`/content-assets${PATHS.spaced}?q=80&w=128`);

    expect(res.status).toBe(307);
    expect(res.headers.location).toBe(`/content-assets${PATHS.spaced}?w=128&q=75`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it.each([
    ['w=500', 'w'],
    ['w=0640', 'w'],
    ['w=640.5', 'w'],
    ['w=-16', 'w'],
    ['w=99999999999', 'w'],
    ['h=1000', 'h'],
    ['w=256&h=256&fit=pad', 'h'],
    ['fit=thumb', 'fit'],
    ['q=0', 'q'],
    ['q=101', 'q'],
    ['q=high', 'q'],
    ['fm=gif', 'fm'],
    ['fm=jpeg', 'fm'],
    ['fit=cover', 'fit'],
    ['fl=progressive', 'fl'],
    ['w=640&w=750', 'w'],
  ])('rejects %s naming the parameter', async (query, name) => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.jpg}?${query}`);

    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.error.status).toBe(400);
    expect(res.body.error.message).toContain(name);
  });

  it('serves the original without parameters, with validators and long caching', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.jpg}`).buffer(true).parse(binary);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBeTruthy();
    expect((await sharp(res.body as Buffer).metadata()).width).toBe(800);
  });

  it('decodes file names once', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.spaced}?w=64`);

    expect(res.status).toBe(200);
  });

  it('passes SVG through untransformed and sandboxed', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.svg}?w=64&fm=png`).buffer(true).parse(binary);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect((res.body as Buffer).toString()).toContain('<svg');
  });

  it('answers 500 through the error handler when the image cannot be decoded', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.broken}?w=64`);

    expect(res.status).toBe(500);
  });
});

describe('asset router: cache', () => {
  it('renders a variant once and answers repeats from the cache', async () => {
    const app = createTestApp();
    const url = `/content-assets${PATHS.jpg}?w=256&fm=avif`;

    const first = await request(app).get(url);
    const second = await request(app).get(url);

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(renders()).toBe(1);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const app = createTestApp();
    const url = `/content-assets${PATHS.jpg}?w=128`;
    const first = await request(app).get(url);

    const second = await request(app).get(url).set('If-None-Match', first.headers.etag!);

    expect(second.status).toBe(304);
  });

  it('coalesces concurrent identical renders', async () => {
    const app = createTestApp();
    const url = `/content-assets${PATHS.jpg}?w=750&fm=avif`;

    const responses = await Promise.all(Array.from({ length: 6 }, () => request(app).get(url)));

    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(renders()).toBe(1);
  });

  it('still coalesces with the cache disabled, but renders again later', async () => {
    const app = createTestApp(0);
    const url = `/content-assets${PATHS.jpg}?w=96`;

    await Promise.all([request(app).get(url), request(app).get(url)]);
    await request(app).get(url);

    expect(renders()).toBe(2);
  });
});

describe('asset router: load', () => {
  it('answers 503 with Retry-After once the render queue is full', async () => {
    const app = createTestApp({ concurrency: 1, maxWaiting: 1 });
    const widths = [16, 32, 48, 64, 96, 128];

    const responses = await Promise.all(widths.map((w) => request(app).get(`/content-assets${PATHS.jpg}?w=${w}&fm=avif`)));
    const busy = responses.filter((res) => res.status === 503);

    expect(responses.filter((res) => res.status === 200)).toHaveLength(2);
    expect(busy).toHaveLength(4);
    expect(busy[0]!.headers['retry-after']).toBe('5');
    expect(busy[0]!.headers['cache-control']).toBe('no-store');
    expect(busy[0]!.body.error.message).toMatch(/retry later/);
    expect(renders()).toBe(2);
  });

  it('answers 503 when the variant is not ready within the deadline', async () => {
    const res = await request(createTestApp({ timeoutMs: 1 })).get(`/content-assets${PATHS.jpg}?w=640&fm=avif`);

    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
  });

  it('reuses rendered variants from the disk cache after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-asset-cache-'));
    const options = { diskCacheDir: join(dir, 'cache', 'images'), diskCacheMaxBytes: 10_000_000 };
    const url = `/content-assets${PATHS.jpg}?w=384&q=75&fm=webp`;
    const first = await request(createTestApp(options)).get(url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    lines.length = 0;

    const second = await request(createTestApp(options)).get(url);

    expect(second.status).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(renders()).toBe(0);
    await rm(dir, { recursive: true, force: true });
  });
});
