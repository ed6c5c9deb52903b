import { createHash } from 'node:crypto';
import { extname } from 'node:path';

import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

import { createDiskCache } from '#server/services/images/disk-cache.ts';
import { createRenderQueue, ImageBusyError } from '#server/services/images/render-queue.ts';
import { IMAGE_FORMAT_TYPES } from '#shared/images.ts';

import type { AssetFile } from '#server/services/images/asset-path.ts';
import type { ImageParams } from '#server/services/images/image-params.ts';
import type { SourceInfo } from '#server/services/images/source-info.ts';
import type { ImageFormat } from '#shared/images.ts';
import type { Logger } from 'pino';
import type { Sharp } from 'sharp';

/** One rendered variant, ready to send. */
export interface TransformedImage {
  body: Buffer;
  contentType: string;
  /** Strong ETag over the bytes. */
  etag: string;
}

export interface ImageTransformer {
  /** Rejects with `ImageBusyError` when the queue is full or the variant is not ready within `timeoutMs`. */
  transform(file: AssetFile, source: SourceInfo, params: ImageParams): Promise<TransformedImage>;
  /** Variants rendered so far (cache and coalescing tests, metrics). */
  readonly renders: number;
}

export interface ImageTransformerOptions {
  logger: Logger;
  /** Byte budget of the in-memory LRU; 0 disables it (renders are still coalesced). */
  memoryCacheMaxBytes: number;
  /** Folder and byte budget of the on-disk cache; no folder or 0 bytes disables it. */
  diskCacheDir?: string;
  diskCacheMaxBytes?: number;
  /** Renders at once. */
  concurrency: number;
  /** Renders waiting for a slot; more answer 503 at once. */
  maxWaiting: number;
  /** How long a caller waits for its variant (queue included) before a 503. */
  timeoutMs: number;
  /** sharp refuses larger inputs (decompression bombs). */
  limitInputPixels: number;
}

/** Bump to retire every cached file when the rendering changes (encoder settings, sharp major). */
const RENDER_VERSION = 'v1';

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

function render(file: AssetFile, params: ImageParams, format: ImageFormat, limitInputPixels: number): Promise<Buffer> {
  let pipeline = sharp(file.path, { failOn: 'error', limitInputPixels }).rotate();
  if (params.width) pipeline = pipeline.resize({ width: params.width, withoutEnlargement: true });
  return encode(pipeline, format, params.quality).toBuffer();
}

function toImage(body: Buffer, format: ImageFormat): TransformedImage {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, contentType: IMAGE_FORMAT_TYPES[format], etag };
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImageBusyError('timeout')), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Resizes and re-encodes images with sharp (issue 12). A variant is looked
 * up in a byte-bounded memory LRU, then on disk, and only then rendered in
 * the bounded render queue; concurrent requests for one variant share one
 * lookup and render. A render outlives a caller's deadline and still fills
 * both caches, so a retry finds it. sharp's own caches are off (we cache the
 * encoded bytes, libvips would hold decoded pixels) and each render uses one
 * libvips thread, so at most `concurrency` cores render at once.
 */
export function createImageTransformer(options: ImageTransformerOptions): ImageTransformer {
  const { logger, timeoutMs, limitInputPixels } = options;
  sharp.cache(false);
  sharp.concurrency(1);
  // An AVIF encode holds ~80 MB for a 1600x1200 output and takes ~4x the CPU of WebP: at most half the slots encode AVIF,
  // which kept the server under 400 MB RSS in bench:images and leaves a core for pages.
  const queue = createRenderQueue({ concurrency: options.concurrency, maxWaiting: options.maxWaiting, maxHeavy: Math.floor(options.concurrency / 2) });
  const memory =
    options.memoryCacheMaxBytes > 0
      ? new LRUCache<string, TransformedImage>({ maxSize: options.memoryCacheMaxBytes, sizeCalculation: (image) => Math.max(1, image.body.length) })
      : null;
  const disk =
    options.diskCacheDir && options.diskCacheMaxBytes ? createDiskCache({ dir: options.diskCacheDir, maxBytes: options.diskCacheMaxBytes, logger }) : null;
  const inFlight = new Map<string, Promise<TransformedImage>>();
  let renders = 0;

  async function produce(file: AssetFile, params: ImageParams, format: ImageFormat, key: string, deadlineAt: number): Promise<TransformedImage> {
    const stored = await disk?.get(key);
    if (stored) {
      const image = toImage(stored, format);
      memory?.set(key, image);
      return image;
    }
    let started = 0;
    const body = await queue.run(
      () => {
        renders += 1;
        started = performance.now();
        return render(file, params, format, limitInputPixels);
      },
      deadlineAt,
      format === 'avif',
    );
    const image = toImage(body, format);
    memory?.set(key, image);
    logger.debug({ file: file.path, params, bytes: body.length, durationMs: Math.round(performance.now() - started) }, 'image rendered');
    void disk?.set(key, body);
    return image;
  }

  return {
    get renders() {
      return renders;
    },
    transform(file, source, params) {
      const format = params.format ?? SOURCE_FORMATS[extname(file.path).toLowerCase()] ?? 'png';
      // PNG output is lossless, so the quality does not make a different variant; nor does a width at or above the source's.
      const quality = format === 'png' ? '-' : params.quality;
      const width = params.width && params.width < source.width ? params.width : '';
      const key = createHash('sha256').update([RENDER_VERSION, source.hash, width, quality, format].join('|')).digest('base64url');
      const cached = memory?.get(key);
      if (cached) return Promise.resolve(cached);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = produce(file, params, format, key, performance.now() + timeoutMs).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return withDeadline(pending, timeoutMs);
    },
  };
}
