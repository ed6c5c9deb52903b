import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import compression from 'compression';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createAssetFixture, createAssetTestApp, parseBinary, PATHS } from '../../tests/fixtures/asset-files.ts';

import type { AssetFixture } from '../../tests/fixtures/asset-files.ts';

let fixture: AssetFixture;
let lines: Array<{ msg: string }>;

const createTestApp = (cacheMaxBytes?: number) => createAssetTestApp(fixture.assetsDir, lines, cacheMaxBytes);
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

describe('asset router: non-image files', () => {
  it.each([
    [PATHS.glb, 'model/gltf-binary'],
    [PATHS.gltf, 'model/gltf+json'],
    [PATHS.bin, 'application/octet-stream'],
    [PATHS.mp4, 'video/mp4'],
    [PATHS.pdf, 'application/pdf'],
  ])('serves %s as %s with long caching', async (path, type) => {
    const res = await request(createTestApp()).get(`/content-assets${path}`);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(new RegExp(`^${type.replace(/[+]/g, '\\+')}`));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it("states the file size in X-File-Size, which compression (dropping Content-Length) leaves for the viewer's progress bar", async () => {
    const glb = Buffer.concat([Buffer.from('glTF\u0002\u0000\u0000\u0000'), Buffer.alloc(8192, 1)]);
    const path = '/assets.ctfassets.net/vitrine-demo/large/tok10/large.glb';
    await mkdir(dirname(join(fixture.assetsDir, path)), { recursive: true });
    await writeFile(join(fixture.assetsDir, path), glb);
    const app = express().use(compression()).use(createTestApp());

    const res = await request(app).get(`/content-assets${path}`).set('Accept-Encoding', 'gzip').buffer(true).parse(binary);

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['x-file-size']).toBe(String(glb.length));
    expect(res.body as Buffer).toEqual(glb);
  });

  it('answers Range requests for video', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.mp4}`).set('Range', 'bytes=0-9').buffer(true).parse(binary);

    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-9/36');
    expect((res.body as Buffer).toString()).toBe('0123456789');
  });

  it('sends unknown types as attachments', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.html}`);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
  });

  it('rejects image parameters on non-images', async () => {
    const res = await request(createTestApp()).get(`/content-assets${PATHS.glb}?w=640`);

    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('w');
  });
});

describe('asset router: paths', () => {
  it.each([
    ['a missing file', '/images.ctfassets.net/vitrine-demo/photo/tok1/missing.jpg'],
    ['a folder', '/images.ctfassets.net/vitrine-demo/photo/tok1'],
    ['too many segments', `${PATHS.jpg}/extra`],
    ['encoded slashes', '/images.ctfassets.net/vitrine-demo/photo/tok1/..%2f..%2f..%2f..%2f..%2fsecret.txt'],
    ['encoded backslashes', '/images.ctfassets.net/vitrine-demo/photo/tok1/..%5c..%5c..%5c..%5c..%5csecret.txt'],
    ['encoded dots', '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt'],
    ['double encoding', '/images.ctfassets.net/vitrine-demo/photo/tok1/%252e%252e%252fsecret.txt'],
    ['a NUL byte', '/images.ctfassets.net/vitrine-demo/photo/tok1/chair.jpg%00.png'],
    ['broken encoding', '/images.ctfassets.net/vitrine-demo/photo/tok1/%E0%A4%A'],
    ['a dotfile', '/images.ctfassets.net/vitrine-demo/hidden/tok/.env'],
    ['a symlink leading out', PATHS.link],
  ])('answers 404 for %s', async (_label, path) => {
    const res = await request(createTestApp()).get(`/content-assets${path}`);

    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { status: 404, message: 'Asset not found' } });
    expect(res.text).not.toContain('outside the assets folder');
  });

  it('answers 405 to other methods', async () => {
    const res = await request(createTestApp()).post(`/content-assets${PATHS.jpg}`);

    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('answers 404 for everything when the assets folder does not exist', async () => {
    const app = createAssetTestApp(`${fixture.dir}/nope`, lines, 0);

    const res = await request(app).get(`/content-assets${PATHS.jpg}`);

    expect(res.status).toBe(404);
  });
});
