import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { resolveAssetFile } from '#server/services/images/asset-path.ts';
import { createAssetFixture, PATHS } from '../../../tests/fixtures/asset-files.ts';
import { createImageTransformer } from '#server/services/images/image-transformer.ts';
import { createSourceInfoReader } from '#server/services/images/image-transformer.ts';

import type { AssetFile } from '#server/services/images/asset-path.ts';
import type { AssetFixture } from '../../../tests/fixtures/asset-files.ts';
import type { ImageTransformerOptions } from '#server/services/images/image-transformer.ts';
import type { SourceInfo } from '#server/services/images/image-transformer.ts';

let fixture: AssetFixture;
let photo: AssetFile;
let photoInfo: SourceInfo;
const logger = pino({ level: 'silent' });
const getSourceInfo = createSourceInfoReader({ limitInputPixels: 10_000_000 });

const create = (options: Partial<ImageTransformerOptions> = {}) =>
  createImageTransformer({
    logger,
    cacheMaxBytes: 1_000_000,
    concurrency: 2,
    maxWaiting: 16,
    timeoutMs: 10_000,
    limitInputPixels: 10_000_000,
    ...options,
  });

beforeAll(async () => {
  fixture = await createAssetFixture();
  photo = (await resolveAssetFile(fixture.assetsDir, PATHS.jpg))!;
  photoInfo = await getSourceInfo(photo);
});
afterAll(async () => {
  await fixture.cleanup();
});

describe('createImageTransformer', () => {
  it('renders once per variant while it stays in the cache', async () => {
    const transformer = create();

    const first = await transformer.transform(photo, photoInfo, { width: 64, quality: 75, format: 'webp' });
    const again = await transformer.transform(photo, photoInfo, { width: 64, quality: 75, format: 'webp' });
    await transformer.transform(photo, photoInfo, { width: 64, quality: 50, format: 'webp' });

    expect(again).toBe(first);
    expect(transformer.renders).toBe(2);
  });

  it('shares one render between concurrent callers', async () => {
    const transformer = create();

    const results = await Promise.all(Array.from({ length: 8 }, () => transformer.transform(photo, photoInfo, { width: 128, quality: 75 })));

    expect(new Set(results).size).toBe(1);
    expect(transformer.renders).toBe(1);
  });

  it('treats PNG output as one variant whatever the quality, and the source width as no width', async () => {
    const transformer = create();

    await transformer.transform(photo, photoInfo, { width: 64, quality: 50, format: 'png' });
    await transformer.transform(photo, photoInfo, { width: 64, quality: 90, format: 'png' });
    await transformer.transform(photo, photoInfo, { quality: 75, format: 'webp' });
    await transformer.transform(photo, { ...photoInfo, width: 640 }, { width: 640, quality: 75, format: 'webp' });

    expect(transformer.renders).toBe(2);
  });

  it('evicts by bytes', async () => {
    const transformer = create({ cacheMaxBytes: 1 });

    await transformer.transform(photo, photoInfo, { width: 64, quality: 75 });
    await transformer.transform(photo, photoInfo, { width: 64, quality: 75 });

    expect(transformer.renders).toBe(2);
  });

  it('reuses variants from the disk cache after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-variants-'));
    const disk = { diskCacheDir: dir, diskCacheMaxBytes: 10_000_000 };
    const before = create(disk);
    const rendered = await before.transform(photo, photoInfo, { width: 256, quality: 75, format: 'avif' });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const after = create(disk);
    const reused = await after.transform(photo, photoInfo, { width: 256, quality: 75, format: 'avif' });

    expect(after.renders).toBe(0);
    expect(reused.body.equals(rendered.body)).toBe(true);
    expect(reused).toMatchObject({ contentType: 'image/avif', etag: rendered.etag });
    expect(await readdir(dir)).toHaveLength(1);
    await rm(dir, { recursive: true, force: true });
  });

  it('answers ImageBusyError past the deadline and still caches the render for the retry', async () => {
    const transformer = create({ timeoutMs: 1 });

    const variant = { width: 750, quality: 75, format: 'avif' } as const;
    await expect(transformer.transform(photo, photoInfo, variant)).rejects.toMatchObject({ name: 'ImageBusyError', reason: 'timeout' });
    // Retries join the render still running (each gives up after 1 ms) until the cache has it.
    const retry = await vi.waitFor(() => transformer.transform(photo, photoInfo, variant), { timeout: 5000, interval: 20 });

    expect(retry.contentType).toBe('image/avif');
    expect(transformer.renders).toBe(1);
  });

  it('rejects every waiter when the image cannot be decoded and tries again next time', async () => {
    const transformer = create();
    const broken = (await resolveAssetFile(fixture.assetsDir, PATHS.broken))!;
    const info = { width: 800, hash: 'broken' };

    const results = await Promise.allSettled([
      transformer.transform(broken, info, { width: 64, quality: 75 }),
      transformer.transform(broken, info, { width: 64, quality: 75 }),
    ]);
    await expect(transformer.transform(broken, info, { width: 64, quality: 75 })).rejects.toThrow();

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(transformer.renders).toBe(2);
  });

  it('flattens transparency onto white for jpg and keeps it for webp', async () => {
    const transformer = create({ cacheMaxBytes: 0 });
    const logo = (await resolveAssetFile(fixture.assetsDir, PATHS.png))!;
    const info = await getSourceInfo(logo);

    const jpg = await transformer.transform(logo, info, { width: 16, quality: 75, format: 'jpg' });
    const webp = await transformer.transform(logo, info, { width: 16, quality: 75, format: 'webp' });

    expect((await sharp(jpg.body).metadata()).hasAlpha).toBe(false);
    expect((await sharp(webp.body).metadata()).hasAlpha).toBe(true);
  });
});

describe('createSourceInfoReader', () => {
  it('reads the displayed width and a content hash once per file', async () => {
    const spaced = (await resolveAssetFile(fixture.assetsDir, PATHS.spaced))!;

    const info = await getSourceInfo(spaced);

    expect(info.width).toBe(800);
    expect(info.hash).toBe(photoInfo.hash);
    expect(await getSourceInfo(spaced)).toBe(info);
  });

  it('refuses images above the pixel limit', async () => {
    const tiny = createSourceInfoReader({ limitInputPixels: 1000 });

    await expect(tiny(photo)).rejects.toThrow(/pixel limit/);
  });
});
