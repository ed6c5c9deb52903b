import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';

import { Router } from 'express';

import { resolveAssetFile } from '#server/services/images/asset-path.ts';
import { getAssetType } from '#server/services/images/content-types.ts';
import { parseImageParams } from '#server/services/images/image-params.ts';
import { createImageTransformer } from '#server/services/images/image-transformer.ts';
import { isTransformableImage } from '#shared/images.ts';

import type { AssetFile } from '#server/services/images/asset-path.ts';
import type { ImageParams } from '#server/services/images/image-params.ts';
import type { ImageTransformer } from '#server/services/images/image-transformer.ts';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

export interface AssetRouterOptions {
  /** The folder holding `<host>/<spaceId>/<assetId>/<token>/<fileName>` (see docs/content-model.md). */
  assetsDir: string;
  logger: Logger;
  /** Byte budget of the rendered-variant cache; 0 disables caching (renders are still coalesced). */
  cacheMaxBytes: number;
  /** Image renders running at once (they share libuv's thread pool with file I/O and compression). Default 2. */
  maxConcurrentRenders?: number;
}

/** Asset URLs carry the asset's upload token, so a URL's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Asset responses opened directly as documents (an SVG, say) run sandboxed
 * with nothing allowed. PDFs keep the page policy: Chrome's viewer refuses
 * sandboxed documents.
 */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

function sendJsonError(req: Request, res: Response, status: number, message: string): void {
  const requestId = typeof req.id === 'string' || typeof req.id === 'number' ? String(req.id) : undefined;
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .json({ error: { status, message, ...(requestId ? { requestId } : {}) } });
}

function setFileHeaders(res: Response, contentType: string, inline: boolean): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (contentType !== 'application/pdf') res.setHeader('Content-Security-Policy', FILE_CSP);
  if (!inline) res.setHeader('Content-Disposition', 'attachment');
}

function sendOriginal(file: AssetFile, res: Response, next: NextFunction): void {
  // Compression drops Content-Length; three's FileLoader reads this header instead, so the
  // viewer's progress bar knows the size of a gzipped .glb/.gltf/.bin (nginx uses the same name).
  res.setHeader('X-File-Size', String(file.stats.size));
  // send (under res.sendFile) answers Range, If-None-Match and If-Modified-Since.
  res.sendFile(file.path, { maxAge: '1y', immutable: true, dotfiles: 'allow', acceptRanges: true, etag: true, lastModified: true }, (err) => {
    if (err && !res.headersSent) next(err);
  });
}

async function sendTransformed(transformer: ImageTransformer, file: AssetFile, res: Response, params: ImageParams): Promise<void> {
  const image = await transformer.transform(file, params);
  res.setHeader('Cache-Control', IMMUTABLE);
  res.setHeader('ETag', image.etag);
  setFileHeaders(res, image.contentType, true);
  // res.send answers 304 for a matching If-None-Match and omits the body for HEAD.
  res.send(image.body);
}

/**
 * Serves the embedded space's asset files, mounted at `/content-assets`.
 * Images answer the Images API parameters `w h q fm fit` (allow-listed, see
 * image-params.ts) through sharp with a bounded cache; everything else
 * (glTF/GLB, bin, video, PDF) is sent as is with Range support. Responses
 * are immutable for a year; unknown paths are 404 and bad parameters 400,
 * both as JSON `{ error: { status, message } }`.
 */
export function createAssetRouter(options: AssetRouterOptions): Router {
  const logger = options.logger.child({ module: 'images' });
  const transformer = createImageTransformer({
    cacheMaxBytes: options.cacheMaxBytes,
    logger,
    ...(options.maxConcurrentRenders ? { maxConcurrentRenders: options.maxConcurrentRenders } : {}),
  });
  let root: Promise<string | null> | undefined;
  // Resolved on first use, not at construction: the folder may not exist (remote Contentful mode).
  const getRoot = () =>
    (root ??= realpath(resolve(options.assetsDir)).catch((err: unknown) => {
      logger.warn({ err, assetsDir: options.assetsDir }, 'assets folder unavailable');
      return null;
    }));

  const router = Router();
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJsonError(req, res, 405, 'Method not allowed');
      return;
    }
    const rootDir = await getRoot();
    const file = rootDir ? await resolveAssetFile(rootDir, req.path) : null;
    if (!file) {
      sendJsonError(req, res, 404, 'Asset not found');
      return;
    }
    const queryAt = req.url.indexOf('?');
    const search = queryAt === -1 ? '' : req.url.slice(queryAt + 1);
    const parsed = parseImageParams(search);
    if (!parsed.ok) {
      sendJsonError(req, res, 400, parsed.message);
      return;
    }
    const { contentType, inline } = getAssetType(file.path);
    if (parsed.params && !contentType.startsWith('image/')) {
      const names = [...new Set(new URLSearchParams(search).keys())].join(', ');
      sendJsonError(req, res, 400, `Parameters ${names} apply to images only`);
      return;
    }
    if (parsed.params && isTransformableImage(contentType)) {
      await sendTransformed(transformer, file, res, parsed.params);
      return;
    }
    // Originals, SVG and GIF (never rasterized: vector and animation pass through).
    setFileHeaders(res, contentType, inline);
    sendOriginal(file, res, next);
  });
  return router;
}
