import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resolveAssetFile } from '#server/services/images/asset-path.ts';
import { createAssetFixture, PATHS } from '#server/services/images/asset-test-fixtures.ts';
import { createImageTransformer } from '#server/services/images/image-transformer.ts';

import type { AssetFile } from '#server/services/images/asset-path.ts';
import type { AssetFixture } from '#server/services/images/asset-test-fixtures.ts';

let fixture: AssetFixture;
let photo: AssetFile;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  fixture = await createAssetFixture();
  photo = (await resolveAssetFile(fixture.assetsDir, PATHS.jpg))!;
});
afterAll(async () => {
  await fixture.cleanup();
});

describe('createImageTransformer', () => {
  it('renders once per variant while it stays in the cache', async () => {
    const transformer = createImageTransformer({ cacheMaxBytes: 1_000_000, logger });

    const first = await transformer.transform(photo, { width: 64, quality: 75, format: 'webp' });
    const again = await transformer.transform(photo, { width: 64, quality: 75, format: 'webp' });
    await transformer.transform(photo, { width: 64, quality: 50, format: 'webp' });

    expect(again).toBe(first);
    expect(transformer.renders).toBe(2);
  });

  it('shares one render between concurrent callers', async () => {
    const transformer = createImageTransformer({ cacheMaxBytes: 1_000_000, logger });

    const results = await Promise.all(Array.from({ length: 8 }, () => transformer.transform(photo, { width: 128, quality: 75 })));

    expect(new Set(results).size).toBe(1);
    expect(transformer.renders).toBe(1);
  });

  it('treats PNG output as one variant whatever the quality', async () => {
    const transformer = createImageTransformer({ cacheMaxBytes: 1_000_000, logger });

    await transformer.transform(photo, { width: 64, quality: 50, format: 'png' });
    await transformer.transform(photo, { width: 64, quality: 90, format: 'png' });

    expect(transformer.renders).toBe(1);
  });

  it('evicts by bytes', async () => {
    const transformer = createImageTransformer({ cacheMaxBytes: 1, logger });

    await transformer.transform(photo, { width: 64, quality: 75 });
    await transformer.transform(photo, { width: 64, quality: 75 });

    expect(transformer.renders).toBe(2);
  });

  it('rejects every waiter when the image cannot be decoded and tries again next time', async () => {
    const transformer = createImageTransformer({ cacheMaxBytes: 1_000_000, logger });
    const broken = (await resolveAssetFile(fixture.assetsDir, PATHS.broken))!;

    const results = await Promise.allSettled([transformer.transform(broken, { width: 64, quality: 75 }), transformer.transform(broken, { width: 64, quality: 75 })]);
    await expect(transformer.transform(broken, { width: 64, quality: 75 })).rejects.toThrow();

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(transformer.renders).toBe(2);
  });

  it('flattens transparency onto white for jpg and keeps it for webp', async () => {
    const transformer = createImageTransformer({ cacheMaxBytes: 0, logger });
    const logo = (await resolveAssetFile(fixture.assetsDir, PATHS.png))!;

    const jpg = await transformer.transform(logo, { width: 16, quality: 75, format: 'jpg' });
    const webp = await transformer.transform(logo, { width: 16, quality: 75, format: 'webp' });

    expect((await sharp(jpg.body).metadata()).hasAlpha).toBe(false);
    expect((await sharp(webp.body).metadata()).hasAlpha).toBe(true);
  });
});
