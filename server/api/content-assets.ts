import { realpath } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

import { Router } from 'express';

import { errorsAsJson, sendError } from '#server/middleware/errors.ts';
import { getAssetType, resolveAssetFile } from '#server/services/images/asset-path.ts';
import { parseImageParams } from '#server/services/images/image-params.ts';
import { createImageTransformer, createSourceInfoReader, ImageBusyError } from '#server/services/images/image-transformer.ts';
import { IMAGE_QUALITY } from '#shared/constants.ts';
import { toSafeRedirectPath } from '#shared/http/safe-redirect.ts';
import { imageUrl, isTransformableImage } from '#shared/images.ts';

import type { ImageParams } from '#server/services/images/image-params.ts';
import type { ImageTransformerOptions } from '#server/services/images/image-transformer.ts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';

export interface AssetRouterOptions extends Partial<Omit<ImageTransformerOptions, 'logger' | 'limitInputPixels'>> {
  /** Holds `<host>/<spaceId>/<assetId>/<token>/<fileName>` (docs/content-model.md). */
  assetsDir: string;
  logger: Logger;
  /** Ascending; the first is used when a request names none. */
  qualities?: readonly number[];
}

/** About 200 MB of RGBA at most. */
const LIMIT_INPUT_PIXELS = 50_000_000;
/** Asset URLs carry the asset's upload token, so a URL's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files opened directly as documents (an SVG, say) run sandboxed; PDFs keep the page policy, Chrome's viewer refuses sandboxes. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

function setFileHeaders(res: Response, contentType: string, inline: boolean): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (contentType !== 'application/pdf') res.setHeader('Content-Security-Policy', FILE_CSP);
  if (!inline) res.setHeader('Content-Disposition', 'attachment');
}

function redirectToVariant(req: Request, res: Response, status: 307 | 308, params: ImageParams): void {
  const target = toSafeRedirectPath(imageUrl(req.originalUrl.split('?', 1)[0]!, params));
  if (!target) return sendError(req, res, 400, 'Bad asset path');
  // A width beyond the source never changes (the URL names an immutable upload); a quality depends on IMAGE_QUALITIES.
  res.setHeader('Cache-Control', status === 308 ? IMMUTABLE : 'public, max-age=300');
  res.redirect(status, target);
}

/** The embedded space's asset files: images answer the Images API's `w q fm` from the allow-lists (ADR 012); other files are sent as they are. */
export function createAssetRouter(options: AssetRouterOptions): Router {
  const logger = options.logger.child({ module: 'images' });
  const qualities = options.qualities ?? [IMAGE_QUALITY];
  if (!qualities.includes(IMAGE_QUALITY))
    logger.warn({ qualities, builderQuality: IMAGE_QUALITY }, 'image qualities exclude the builder default; page images redirect');
  // One core stays with the event loop: with a render per core, bench:images on 2 cores peaked at 392-423 MB RSS (1 render: 322-393 MB).
  const concurrency = options.concurrency || Math.max(1, availableParallelism() - 1);
  const transformer = createImageTransformer({
    ...options,
    logger,
    cacheMaxBytes: options.cacheMaxBytes ?? 0,
    concurrency,
    maxWaiting: options.maxWaiting ?? concurrency * 8,
    timeoutMs: options.timeoutMs ?? 10_000,
    limitInputPixels: LIMIT_INPUT_PIXELS,
  });
  const getSourceInfo = createSourceInfoReader({ limitInputPixels: LIMIT_INPUT_PIXELS });
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
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(req, res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    // A junk variant costs no file lookup.
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const parsed = parseImageParams(search, qualities);
    if (parsed.ok === false) return sendError(req, res, 400, parsed.message);
    const rootDir = await getRoot();
    const file = rootDir ? await resolveAssetFile(rootDir, req.path) : null;
    if (!file) return sendError(req, res, 404, 'Asset not found');
    const { contentType, inline } = getAssetType(file.path);
    if (parsed.params && !contentType.startsWith('image/')) {
      return sendError(req, res, 400, `Parameters ${[...new Set(new URLSearchParams(search).keys())].join(', ')} apply to images only`);
    }
    if (parsed.params && isTransformableImage(contentType)) {
      if (parsed.ok === 'redirect') return redirectToVariant(req, res, 307, parsed.params);
      const source = await getSourceInfo(file);
      // Nothing is enlarged: the canonical variant is the image at its own size.
      const { width, ...atOwnSize } = parsed.params;
      if (width !== undefined && width > source.width) return redirectToVariant(req, res, 308, atOwnSize);
      try {
        const image = await transformer.transform(file, source, parsed.params);
        res.set({ 'Cache-Control': IMMUTABLE, ETag: image.etag });
        setFileHeaders(res, image.contentType, true);
        return void res.send(image.body);
      } catch (err) {
        if (!(err instanceof ImageBusyError)) throw err;
        // Retry-After: browsers ignore it for images, crawlers and CDNs do not.
        const message = err.reason === 'queue-full' ? 'Too many images are being rendered; retry later' : 'The image took too long to render; retry later';
        return sendError(req, res, 503, message, { 'Retry-After': '5' });
      }
    }
    // Originals, SVG and GIF.
    setFileHeaders(res, contentType, inline);
    // Compression drops Content-Length; three's FileLoader reads this header instead to show a .glb's progress (nginx's name too).
    res.setHeader('X-File-Size', String(file.stats.size));
    res.sendFile(file.path, { maxAge: '1y', immutable: true, dotfiles: 'allow', acceptRanges: true, etag: true, lastModified: true }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  });
  return router;
}
