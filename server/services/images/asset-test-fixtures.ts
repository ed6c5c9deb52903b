import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';

import express from 'express';
import pino from 'pino';
import sharp from 'sharp';

import { createAssetRouter } from '#server/services/images/asset-router.ts';

import type { AssetRouterOptions } from '#server/services/images/asset-router.ts';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Response } from 'supertest';

/** Request paths (relative to the mount point) of the generated files. */
export const PATHS = {
  jpg: '/images.ctfassets.net/vitrine-demo/photo/tok1/chair.jpg',
  png: '/images.ctfassets.net/vitrine-demo/logo/tok2/logo.png',
  svg: '/images.ctfassets.net/vitrine-demo/icon/tok3/icon.svg',
  broken: '/images.ctfassets.net/vitrine-demo/broken/tok4/broken.jpg',
  spaced: '/images.ctfassets.net/vitrine-demo/spaced/tok5/my%20chair.jpg',
  glb: '/assets.ctfassets.net/vitrine-demo/model/tok6/chair.glb',
  gltf: '/assets.ctfassets.net/vitrine-demo/scene/tok7/scene.gltf',
  bin: '/assets.ctfassets.net/vitrine-demo/scene/tok7/scene.bin',
  mp4: '/videos.ctfassets.net/vitrine-demo/clip/tok8/clip.mp4',
  pdf: '/downloads.ctfassets.net/vitrine-demo/sheet/tok9/sheet.pdf',
  html: '/downloads.ctfassets.net/vitrine-demo/page/tok10/page.html',
  link: '/images.ctfassets.net/vitrine-demo/link/tok11/escape.txt',
} as const;

export interface AssetFixture {
  /** The temp folder; `assets/` inside it is the assets root, `secret.txt` lies beside it. */
  dir: string;
  assetsDir: string;
  cleanup: () => Promise<void>;
}

async function put(root: string, requestPath: string, body: Buffer | string): Promise<void> {
  const file = join(root, ...requestPath.split('/').slice(1).map(decodeURIComponent));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, body);
}

/** Builds a small assets folder with generated images and a few non-image files. */
export async function createAssetFixture(): Promise<AssetFixture> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'vitrine-assets-')));
  const assetsDir = join(dir, 'assets');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c05a2b' } })
    .jpeg()
    .toBuffer();
  const logo = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
  await put(assetsDir, PATHS.jpg, photo);
  await put(assetsDir, PATHS.spaced, photo);
  await put(assetsDir, PATHS.png, logo);
  await put(assetsDir, PATHS.svg, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  await put(assetsDir, PATHS.broken, 'not really a jpeg');
  await put(assetsDir, PATHS.glb, Buffer.from('glTF\u0002\u0000\u0000\u0000binary'));
  await put(assetsDir, PATHS.gltf, '{"asset":{"version":"2.0"}}');
  await put(assetsDir, PATHS.bin, Buffer.alloc(64, 7));
  await put(assetsDir, PATHS.mp4, Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz'));
  await put(assetsDir, PATHS.pdf, '%PDF-1.4\n%%EOF\n');
  await put(assetsDir, PATHS.html, '<script>alert(1)</script>');
  await put(assetsDir, '/images.ctfassets.net/vitrine-demo/hidden/tok/.env', 'SECRET=1');
  await writeFile(join(dir, 'secret.txt'), 'outside the assets folder');
  const link = join(assetsDir, ...PATHS.link.split('/').slice(1));
  await mkdir(dirname(link), { recursive: true });
  await symlink(join(dir, 'secret.txt'), link);
  return { dir, assetsDir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A debug-level logger whose lines land in `lines` (to count renders). */
export function createCapturingLogger(lines: Array<{ msg: string }>): Logger {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as { msg: string });
      callback();
    },
  });
  return pino({ level: 'debug' }, stream);
}

/**
 * An app mounting the router at /content-assets, with a JSON 500 error handler; log lines go to `lines`.
 * `options` is the memory cache budget (default 10 MB) or further router options.
 */
export function createAssetTestApp(
  assetsDir: string,
  lines: Array<{ msg: string }>,
  options: number | Partial<Omit<AssetRouterOptions, 'assetsDir' | 'logger'>> = {},
): express.Express {
  const app = express();
  const routerOptions = typeof options === 'number' ? { cacheMaxBytes: options } : options;
  app.use('/content-assets', createAssetRouter({ assetsDir, logger: createCapturingLogger(lines), cacheMaxBytes: 10_000_000, ...routerOptions }));
  const onError: ErrorRequestHandler = (_err, _req, res, _next) => {
    res.status(500).json({ error: { status: 500, message: 'failed' } });
  };
  app.use(onError);
  return app;
}

/** supertest parser that keeps any body as a Buffer. */
export function parseBinary(res: Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
