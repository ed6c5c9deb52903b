import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';

import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import sharp from 'sharp';

import { createDiskCache } from '#server/services/images/disk-cache.ts';
import { IMAGE_FORMAT_TYPES } from '#shared/images.ts';
import { withTimeout } from '#shared/timeout.ts';

import type { AssetFile } from '#server/services/images/asset-path.ts';
import type { ImageParams } from '#server/services/images/image-params.ts';
import type { ImageFormat } from '#shared/images.ts';
import type { Logger } from 'pino';
import type { Sharp } from 'sharp';

export class ImageBusyError extends Error {
  override name = 'ImageBusyError';
  readonly reason: 'queue-full' | 'timeout';
  constructor(reason: 'queue-full' | 'timeout') {
    super(reason === 'queue-full' ? 'image render queue is full' : 'image render timed out');
    this.reason = reason;
  }
}

/** A render still waiting at its deadline (`performance.now()` time) never starts; lighter tasks pass a heavy one waiting for a heavy slot. */
export function createRenderQueue(options: { concurrency: number; maxWaiting: number; maxHeavy?: number }) {
  const concurrency = Math.max(1, options.concurrency);
  const maxHeavy = Math.max(1, Math.min(concurrency, options.maxHeavy ?? concurrency));
  const slots = pLimit(concurrency);
  const heavySlots = pLimit(maxHeavy);
  let waiting = 0;
  const canStart = (heavy: boolean) => slots.activeCount < concurrency && (!heavy || heavySlots.activeCount < maxHeavy);

  return {
    get active() {
      return slots.activeCount;
    },
    get waiting() {
      return waiting;
    },
    run<T>(task: () => Promise<T>, deadlineAt: number, heavy = false): Promise<T> {
      const queued = !canStart(heavy);
      if (queued && waiting >= options.maxWaiting) return Promise.reject(new ImageBusyError('queue-full'));
      if (queued) waiting += 1;
      return new Promise<T>((resolve, reject) => {
        let expired = false;
        const expire = () => {
          expired = true;
          if (queued) waiting -= 1;
          reject(new ImageBusyError('timeout'));
        };
        const timer = setTimeout(expire, Math.max(0, deadlineAt - performance.now()));
        const start = async () => {
          if (expired) return;
          clearTimeout(timer);
          if (queued) waiting -= 1;
          await task().then(resolve, reject);
        };
        void (heavy ? heavySlots(async () => (expired ? undefined : slots(start))) : slots(start));
      });
    },
  };
}

/** `width` after EXIF orientation; `hash` of the file, so disk cache entries survive redeploys and moves. */
export interface SourceInfo {
  width: number;
  hash: string;
}

async function readSourceInfo(file: AssetFile, limitInputPixels: number): Promise<SourceInfo> {
  const hash = createHash('sha256');
  // The header only: no pixels are decoded, and it runs outside the render queue.
  const [meta] = await Promise.all([
    sharp(file.path, { limitInputPixels }).metadata(),
    createReadStream(file.path).forEach((chunk: Buffer) => void hash.update(chunk)),
  ]);
  const width = meta.autoOrient.width;
  if (!width) throw new Error('image has no width', { cause: { file: file.path } });
  return { width, hash: hash.digest('base64url') };
}

/** Per file identity (path, mtime, size); concurrent calls share one read, a failed one is not kept. */
export function createSourceInfoReader(options: { limitInputPixels: number }) {
  const cache = new LRUCache<string, SourceInfo, AssetFile>({
    max: 1000,
    fetchMethod: (_key, _stale, { context }) => readSourceInfo(context, options.limitInputPixels),
  });
  return async (file: AssetFile): Promise<SourceInfo> => (await cache.fetch(`${file.path}|${file.stats.mtimeMs}|${file.stats.size}`, { context: file }))!;
}

export interface ImageTransformerOptions {
  logger: Logger;
  /** 0 disables the in-memory LRU (renders are still coalesced). */
  cacheMaxBytes: number;
  diskCacheDir?: string;
  diskCacheMaxBytes?: number;
  concurrency: number;
  maxWaiting: number;
  /** How long a caller waits (queue included) before a 503. */
  timeoutMs: number;
  /** Decompression bombs. */
  limitInputPixels: number;
}

/** Bump to retire every cached file when the rendering changes (encoder settings, sharp major). */
const RENDER_VERSION = 'v1';

type TransformedImage = ReturnType<typeof toImage>;

const SOURCE_FORMATS: Record<string, ImageFormat> = { '.jpg': 'jpg', '.jpeg': 'jpg', '.png': 'png', '.webp': 'webp', '.avif': 'avif' };

const ENCODERS: Record<ImageFormat, (pipeline: Sharp, quality: number) => Sharp> = {
  // sharp's default effort 4 took ~7.7 s for a 1600x900 photo on 2 cores; 2 took ~1.4 s for 10% more bytes.
  avif: (pipeline, quality) => pipeline.avif({ quality, effort: 2 }),
  webp: (pipeline, quality) => pipeline.webp({ quality }),
  jpg: (pipeline, quality) => pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }),
  png: (pipeline) => pipeline.png({ compressionLevel: 9 }),
};

/** `etag` is strong, over the bytes. */
function toImage(body: Buffer, format: ImageFormat) {
  return { body, contentType: IMAGE_FORMAT_TYPES[format], etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** One render per variant, shared by concurrent requests, outlives a caller's deadline and still fills both caches. */
export function createImageTransformer(options: ImageTransformerOptions) {
  const { logger, timeoutMs, limitInputPixels, diskCacheDir, diskCacheMaxBytes } = options;
  // We keep encoded bytes, and each render uses one thread.
  sharp.cache(false);
  sharp.concurrency(1);
  // An AVIF encode holds ~80 MB for a 1600x1200 output and takes ~4x the CPU of WebP: at most half the slots encode AVIF,
  // which kept the server under 400 MB RSS in bench:images and leaves a core for pages.
  const queue = createRenderQueue({ concurrency: options.concurrency, maxWaiting: options.maxWaiting, maxHeavy: Math.floor(options.concurrency / 2) });
  const memory =
    options.cacheMaxBytes > 0
      ? new LRUCache<string, TransformedImage>({ maxSize: options.cacheMaxBytes, sizeCalculation: (image) => Math.max(1, image.body.length) })
      : null;
  const disk = diskCacheDir && diskCacheMaxBytes ? createDiskCache({ dir: diskCacheDir, maxBytes: diskCacheMaxBytes, logger }) : null;
  const inFlight = new Map<string, Promise<TransformedImage>>();
  let renders = 0;

  async function produce(file: AssetFile, params: ImageParams, format: ImageFormat, key: string, deadlineAt: number): Promise<TransformedImage> {
    const stored = await disk?.get(key);
    let started = 0;
    const render = () => {
      renders += 1;
      started = performance.now();
      const pipeline = sharp(file.path, { failOn: 'error', limitInputPixels }).rotate();
      return ENCODERS[format](params.width ? pipeline.resize({ width: params.width, withoutEnlargement: true }) : pipeline, params.quality).toBuffer();
    };
    const body = stored ?? (await queue.run(render, deadlineAt, format === 'avif'));
    const image = toImage(body, format);
    memory?.set(key, image);
    if (stored) return image;
    logger.debug({ file: file.path, params, bytes: body.length, durationMs: Math.round(performance.now() - started) }, 'image rendered');
    void disk?.set(key, body);
    return image;
  }

  return {
    get renders() {
      return renders;
    },
    /** Rejects with `ImageBusyError` when the queue is full or the variant is not ready within `timeoutMs`. */
    transform(file: AssetFile, source: SourceInfo, params: ImageParams): Promise<TransformedImage> {
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
      return withTimeout(pending, timeoutMs, () => {
        throw new ImageBusyError('timeout');
      });
    },
  };
}
