import { availableParallelism } from 'node:os';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';

import { Router } from 'express';

import { errorsAsJson, sendError } from '#server/middleware/errors.ts';
import { resolveAssetFile } from '#server/services/images/asset-path.ts';
import { getAssetType } from '#server/services/images/content-types.ts';
import { parseImageParams, toImageQuery } from '#server/services/images/image-params.ts';
import { createImageTransformer } from '#server/services/images/image-transformer.ts';
import { ImageBusyError } from '#server/services/images/render-queue.ts';
import { createSourceInfoReader } from '#server/services/images/source-info.ts';
import { IMAGE_QUALITY } from '#shared/constants.ts';
import { toSafeRedirectPath } from '#shared/http/safe-redirect.ts';
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
  /** Byte budget of the in-memory variant cache; 0 disables it (renders are still coalesced). */
  cacheMaxBytes: number;
  /** Allowed `q` values, ascending; the first is used when a request names none. Default [75]. */
  qualities?: readonly number[];
  /** Renders at once. Default (and 0): one fewer than os.availableParallelism(), at least 1 (the event loop keeps a core). */
  concurrency?: number;
  /** Renders waiting for a slot before requests get 503. Default 8 per render slot. */
  maxWaiting?: number;
  /** How long a request waits for its variant before a 503. Default 10 s. */
  timeoutMs?: number;
  /** On-disk variant cache (`<DATA_DIR>/cache/images`); unset or 0 bytes disables it. */
  diskCacheDir?: string;
  diskCacheMaxBytes?: number;
}

/** Largest source image sharp decodes: 50 megapixels (a 8660x5773 photo), about 200 MB of RGBA at most. */
const LIMIT_INPUT_PIXELS = 50_000_000;
/** What a 503 asks clients to wait; browsers ignore it for images, crawlers and CDNs do not. */
const RETRY_AFTER_S = '5';

/** Asset URLs carry the asset's upload token, so a URL's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Asset responses opened directly as documents (an SVG, say) run sandboxed
 * with nothing allowed. PDFs keep the page policy: Chrome's viewer refuses
 * sandboxed documents.
 */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

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

/** Sends a 307/308 to the canonical variant on our own origin: the requested path (already resolved to a file) and a rebuilt query. */
function redirectToVariant(req: Request, res: Response, status: 307 | 308, params: ImageParams): void {
  const queryAt = req.originalUrl.indexOf('?');
  const path = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  // The one redirect gate (shared/http/safe-redirect.ts): nothing a browser could read as another origin.
  const target = toSafeRedirectPath(`${path}?${toImageQuery(params)}`);
  if (!target) {
    sendError(req, res, 400, 'Bad asset path');
    return;
  }
  // A width beyond the source never changes (the URL names an immutable upload); a quality depends on IMAGE_QUALITIES.
  res.setHeader('Cache-Control', status === 308 ? IMMUTABLE : 'public, max-age=300');
  res.redirect(status, target);
}

interface VariantContext {
  transformer: ImageTransformer;
  getSourceInfo: ReturnType<typeof createSourceInfoReader>;
}

async function sendVariant(ctx: VariantContext, req: Request, res: Response, file: AssetFile, params: ImageParams): Promise<void> {
  const source = await ctx.getSourceInfo(file);
  if (params.width !== undefined && params.width > source.width) {
    // Nothing is enlarged: the canonical variant is the image at its own size (what the srcset builder emits).
    redirectToVariant(req, res, 308, { quality: params.quality, ...(params.format ? { format: params.format } : {}) });
    return;
  }
  let image;
  try {
    image = await ctx.transformer.transform(file, source, params);
  } catch (err) {
    if (!(err instanceof ImageBusyError)) throw err;
    const message = err.reason === 'queue-full' ? 'Too many images are being rendered; retry later' : 'The image took too long to render; retry later';
    sendError(req, res, 503, message, { 'Retry-After': RETRY_AFTER_S });
    return;
  }
  res.setHeader('Cache-Control', IMMUTABLE);
  res.setHeader('ETag', image.etag);
  setFileHeaders(res, image.contentType, true);
  // res.send answers 304 for a matching If-None-Match and omits the body for HEAD.
  res.send(image.body);
}

function createVariantContext(options: AssetRouterOptions, logger: Logger): VariantContext {
  // One core stays with the event loop: with a render per core, bench:images on 2 cores peaked at 392-423 MB RSS (1 render: 322-393 MB).
  const concurrency = options.concurrency || Math.max(1, availableParallelism() - 1);
  const qualities = options.qualities ?? [IMAGE_QUALITY];
  if (!qualities.includes(IMAGE_QUALITY))
    logger.warn({ qualities, builderQuality: IMAGE_QUALITY }, 'image qualities exclude the builder default; page images redirect');
  const transformer = createImageTransformer({
    logger,
    memoryCacheMaxBytes: options.cacheMaxBytes,
    ...(options.diskCacheDir ? { diskCacheDir: options.diskCacheDir, diskCacheMaxBytes: options.diskCacheMaxBytes ?? 0 } : {}),
    concurrency,
    maxWaiting: options.maxWaiting ?? concurrency * 8,
    timeoutMs: options.timeoutMs ?? 10_000,
    limitInputPixels: LIMIT_INPUT_PIXELS,
  });
  return { transformer, getSourceInfo: createSourceInfoReader({ limitInputPixels: LIMIT_INPUT_PIXELS }) };
}

/**
 * The embedded space's asset files at `/content-assets`: images answer the Images API's `w q fm` from the allow-lists
 * (ADR 012) through the render queue and caches; other files are sent as they are, with Range. Errors are JSON.
 */
export function createAssetRouter(options: AssetRouterOptions): Router {
  const logger = options.logger.child({ module: 'images' });
  const qualities = options.qualities ?? [IMAGE_QUALITY];
  const variants = createVariantContext(options, logger);
  let root: Promise<string | null> | undefined;
  // Resolved on first use, not at construction: the folder may not exist (remote Contentful mode).
  const getRoot = () =>
    (root ??= realpath(resolve(options.assetsDir)).catch((err: unknown) => {
      logger.warn({ err, assetsDir: options.assetsDir }, 'assets folder unavailable');
      return null;
    }));

  const router = Router();
  router.use(errorsAsJson);
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(req, res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
      return;
    }
    // Parameters first: a junk variant costs no file lookup (issue 12).
    const queryAt = req.url.indexOf('?');
    const search = queryAt === -1 ? '' : req.url.slice(queryAt + 1);
    const parsed = parseImageParams(search, qualities);
    if (parsed.ok === false) {
      sendError(req, res, 400, parsed.message);
      return;
    }
    const rootDir = await getRoot();
    const file = rootDir ? await resolveAssetFile(rootDir, req.path) : null;
    if (!file) {
      sendError(req, res, 404, 'Asset not found');
      return;
    }
    const { contentType, inline } = getAssetType(file.path);
    if (parsed.params && !contentType.startsWith('image/')) {
      const names = [...new Set(new URLSearchParams(search).keys())].join(', ');
      sendError(req, res, 400, `Parameters ${names} apply to images only`);
      return;
    }
    if (parsed.params && isTransformableImage(contentType)) {
      if (parsed.ok === 'redirect') redirectToVariant(req, res, 307, parsed.params);
      else await sendVariant(variants, req, res, file, parsed.params);
      return;
    }
    // Originals, SVG and GIF (never rasterized: vector and animation pass through).
    setFileHeaders(res, contentType, inline);
    sendOriginal(file, res, next);
  });
  return router;
}
