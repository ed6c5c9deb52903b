import { createHash } from 'node:crypto';
import { extname } from 'node:path';

import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

import { createLimiter } from '#server/services/images/render-limiter.ts';
import { IMAGE_FORMAT_TYPES } from '#shared/images.ts';

import type { AssetFile } from '#server/services/images/asset-path.ts';
import type { ImageParams } from '#server/services/images/image-params.ts';
import type { ImageFit, ImageFormat } from '#shared/images.ts';
import type { Logger } from 'pino';
import type { FitEnum, Sharp } from 'sharp';

/** One rendered variant, ready to send. */
export interface TransformedImage {
  body: Buffer;
  contentType: string;
  /** Strong ETag over the bytes. */
  etag: string;
}

export interface ImageTransformer {
  transform(file: AssetFile, params: ImageParams): Promise<TransformedImage>;
  /** Variants rendered so far (cache and coalescing tests, metrics). */
  readonly renders: number;
}

/**
 * Contentful's fit modes in sharp terms. Default (no fit) keeps the aspect
 * ratio inside the box; `scale` ignores it; `fill`/`crop`/`thumb` cover and
 * crop (`thumb` around the most salient region); `pad` letterboxes.
 */
const FITS: Record<ImageFit | 'default', keyof FitEnum> = {
  default: 'inside',
  scale: 'fill',
  fill: 'cover',
  crop: 'cover',
  thumb: 'cover',
  pad: 'contain',
};

const SOURCE_FORMATS: Record<string, ImageFormat> = { '.jpg': 'jpg', '.jpeg': 'jpg', '.png': 'png', '.webp': 'webp', '.avif': 'avif' };

function encode(pipeline: Sharp, format: ImageFormat, quality: number): Sharp {
  switch (format) {
    case 'avif':
      // sharp's default effort 4 took ~7.7 s for a 1600x900 photo on 2 cores; 2 took ~1.4 s for 10% more bytes.
      return pipeline.avif({ quality, effort: 2 });
    case 'webp':
      return pipeline.webp({ quality });
    case 'jpg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9 });
  }
}

async function render(file: AssetFile, params: ImageParams, format: ImageFormat): Promise<Buffer> {
  let pipeline = sharp(file.path, { failOn: 'error' }).rotate();
  if (params.width || params.height) {
    const fit = params.fit ?? 'default';
    pipeline = pipeline.resize({
      ...(params.width ? { width: params.width } : {}),
      ...(params.height ? { height: params.height } : {}),
      fit: FITS[fit],
      position: fit === 'thumb' ? sharp.strategy.attention : 'centre',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
      withoutEnlargement: true,
    });
  }
  return encode(pipeline, format, params.quality).toBuffer();
}

export interface ImageTransformerOptions {
  cacheMaxBytes: number;
  logger: Logger;
  /**
   * Renders running at once. sharp works on libuv's thread pool, which file
   * reads and compression share, so a burst of distinct variants must not
   * take all of it. Default 2.
   */
  maxConcurrentRenders?: number;
}

/**
 * Resizes and re-encodes images with sharp. Results live in a byte-bounded
 * LRU keyed by file identity (path, mtime, size) and parameters, concurrent
 * requests for the same variant share one render, and renders are limited
 * in number.
 */
export function createImageTransformer(options: ImageTransformerOptions): ImageTransformer {
  const { logger } = options;
  const limit = createLimiter(Math.max(1, options.maxConcurrentRenders ?? 2));
  const cache =
    options.cacheMaxBytes > 0
      ? new LRUCache<string, TransformedImage>({ maxSize: options.cacheMaxBytes, sizeCalculation: (image) => Math.max(1, image.body.length) })
      : null;
  const inFlight = new Map<string, Promise<TransformedImage>>();
  let renders = 0;

  async function produce(file: AssetFile, params: ImageParams, format: ImageFormat, key: string): Promise<TransformedImage> {
    let started = 0;
    const body = await limit(() => {
      renders += 1;
      started = performance.now();
      return render(file, params, format);
    });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    const image = { body, contentType: IMAGE_FORMAT_TYPES[format], etag };
    cache?.set(key, image);
    logger.debug({ file: file.path, params, bytes: body.length, durationMs: Math.round(performance.now() - started) }, 'image rendered');
    return image;
  }

  return {
    get renders() {
      return renders;
    },
    transform(file, params) {
      const format = params.format ?? SOURCE_FORMATS[extname(file.path).toLowerCase()] ?? 'png';
      // PNG output is lossless, so the quality does not make a different variant.
      const quality = format === 'png' ? '-' : params.quality;
      const key = [file.path, file.stats.mtimeMs, file.stats.size, params.width ?? '', params.height ?? '', quality, format, params.fit ?? ''].join('|');
      const cached = cache?.get(key);
      if (cached) return Promise.resolve(cached);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = produce(file, params, format, key).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
  };
}
