import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { LRUCache } from 'lru-cache';

import type { Logger } from 'pino';

const TEMP_PREFIX = '.tmp-';
/** Older than this, a temp file is a crashed write, not one in progress: a write takes milliseconds. */
export const STALE_TEMP_MS = 60_000;
const NAME = /^[\w-]{1,100}$/;

/** A hit touches the mtime, so the LRU order (loaded oldest mtime first) survives restarts. Disk errors never fail a request. */
export function createDiskCache({ dir, maxBytes, logger }: { dir: string; maxBytes: number; logger: Logger }) {
  const reported = new Set<string>();
  const report = (err: unknown, action: string) => {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown';
    if (reported.has(code)) return;
    reported.add(code);
    logger.warn({ err, dir, action }, 'image disk cache unavailable');
  };

  const deleting: Array<Promise<void>> = [];
  const index = new LRUCache<string, number>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (size) => Math.max(1, size),
    dispose: (_size, name, reason) => {
      if (reason !== 'evict') return;
      deleting.push(unlink(join(dir, name)).catch((err: NodeJS.ErrnoException) => void (err.code === 'ENOENT' || report(err, 'evict'))));
    },
  });
  // Evictions finish before the call that caused them resolves.
  const evicted = () => Promise.all(deleting.splice(0));

  const load = async () => {
    await mkdir(dir, { recursive: true });
    const entries: Array<{ name: string; size: number; mtimeMs: number }> = [];
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      // Temp files are what a crash mid-write leaves behind; a recent one may be another worker's write in progress (ADR 050).
      if (info && name.startsWith(TEMP_PREFIX) && Date.now() - info.mtimeMs > STALE_TEMP_MS) await unlink(path).catch(() => undefined);
      else if (info?.isFile() && NAME.test(name)) entries.push({ name, size: info.size, mtimeMs: info.mtimeMs });
    }
    for (const { name, size } of entries.sort((a, b) => a.mtimeMs - b.mtimeMs)) index.set(name, size);
    await evicted();
  };
  let loaded: Promise<unknown> | undefined;
  const ready = () => (loaded ??= load().catch((err: unknown) => report(err, 'load')));

  return {
    get bytes() {
      return index.calculatedSize;
    },
    async get(name: string): Promise<Buffer | undefined> {
      if (maxBytes <= 0) return undefined;
      await ready();
      if (!index.has(name)) return undefined;
      try {
        const body = await readFile(join(dir, name));
        index.get(name);
        const now = new Date();
        void utimes(join(dir, name), now, now).catch(() => undefined);
        return body;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') report(err, 'read');
        index.delete(name);
        return undefined;
      }
    },
    /** Never rejects: a failed write only loses the entry. */
    async set(name: string, body: Buffer): Promise<void> {
      if (maxBytes <= 0 || body.length > maxBytes || !NAME.test(name)) return;
      await ready();
      const temp = join(dir, `${TEMP_PREFIX}${randomBytes(6).toString('hex')}`);
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(temp, body, { flag: 'wx' });
        await rename(temp, join(dir, name));
      } catch (err) {
        report(err, 'write');
        await unlink(temp).catch(() => undefined);
        return;
      }
      index.set(name, body.length);
      await evicted();
    },
  };
}
