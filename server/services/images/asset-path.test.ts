import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resolveAssetFile } from '#server/services/images/asset-path.ts';
import { createAssetFixture, PATHS } from '../../../tests/fixtures/asset-files.ts';

import type { AssetFixture } from '../../../tests/fixtures/asset-files.ts';

let fixture: AssetFixture;

beforeAll(async () => {
  fixture = await createAssetFixture();
});
afterAll(async () => {
  await fixture.cleanup();
});

describe('resolveAssetFile', () => {
  it('resolves a five-segment path to a file inside the root', async () => {
    const file = await resolveAssetFile(fixture.assetsDir, PATHS.jpg);

    expect(file?.path).toBe(join(fixture.assetsDir, 'images.ctfassets.net', 'vitrine-demo', 'photo', 'tok1', 'chair.jpg'));
    expect(file?.stats.size).toBeGreaterThan(0);
  });

  it('decodes each segment once', async () => {
    expect((await resolveAssetFile(fixture.assetsDir, PATHS.spaced))?.path).toMatch(/my chair\.jpg$/);
  });

  it.each([
    '/../../../../secret.txt',
    '/images.ctfassets.net/vitrine-demo/photo/../../secret.txt',
    '/images.ctfassets.net/vitrine-demo/photo/tok1/..%2F..%2F..%2F..%2F..%2Fsecret.txt',
    '/images.ctfassets.net/vitrine-demo/photo/tok1/..%5C..%5C..%5C..%5C..%5Csecret.txt',
    '/images.ctfassets.net/vitrine-demo/photo/tok1/%2e%2e',
    '/images.ctfassets.net/vitrine-demo/photo/./chair.jpg',
    '/images.ctfassets.net/vitrine-demo/photo/tok1/chair.jpg%00',
    '/images.ctfassets.net/vitrine-demo/photo/tok1/chair%0a.jpg',
    '/images.ctfassets.net/vitrine-demo/photo//chair.jpg',
    '/images.ctfassets.net/vitrine-demo/hidden/tok/.env',
    PATHS.link,
    '',
    '/',
  ])('refuses %j', async (path) => {
    expect(await resolveAssetFile(fixture.assetsDir, path)).toBeNull();
  });
});
