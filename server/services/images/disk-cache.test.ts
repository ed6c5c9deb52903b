import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createCapturingLogger } from '../../../tests/fixtures/asset-files.ts';
import { createDiskCache, STALE_TEMP_MS } from '#server/services/images/disk-cache.ts';

let root: string;
let lines: Array<{ msg: string }>;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitrine-disk-cache-'));
  lines = [];
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);
const create = (maxBytes: number, dir = join(root, 'cache', 'images')) => createDiskCache({ dir, maxBytes, logger: createCapturingLogger(lines) });

describe('createDiskCache', () => {
  it('keeps entries across a restart', async () => {
    await create(1000).set('variant-a', bytes(10, 7));

    const restarted = create(1000);

    expect(await restarted.get('variant-a')).toEqual(bytes(10, 7));
    expect(restarted.bytes).toBe(10);
    expect(await restarted.get('variant-b')).toBeUndefined();
  });

  it('evicts the least recently used entries beyond the budget', async () => {
    const cache = create(250);
    await cache.set('a', bytes(100));
    await cache.set('b', bytes(100));
    await cache.get('a');

    await cache.set('c', bytes(100));

    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBeDefined();
    expect(await cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(200);
    expect((await readdir(join(root, 'cache', 'images'))).sort()).toEqual(['a', 'c']);
  });

  it('evicts the oldest files found at start when a smaller budget is configured', async () => {
    const dir = join(root, 'cache', 'images');
    const first = create(1000, dir);
    for (const name of ['old', 'mid', 'new']) await first.set(name, bytes(100));
    await Promise.all(['old', 'mid', 'new'].map((name, i) => utimes(join(dir, name), 1000 + i, 1000 + i)));

    const restarted = create(150, dir);

    expect(await restarted.get('new')).toBeDefined();
    expect(await readdir(dir)).toEqual(['new']);
  });

  it('skips entries larger than the whole budget and removes temp files a crash left behind, not a write in progress', async () => {
    const dir = join(root, 'cache', 'images');
    await create(1000, dir).set('kept', bytes(10));
    await writeFile(join(dir, '.tmp-deadbeef'), 'half a file');
    const old = new Date(Date.now() - STALE_TEMP_MS - 1000);
    await utimes(join(dir, '.tmp-deadbeef'), old, old);
    // Another worker's write in progress (ADR 050): recent, so it stays.
    await writeFile(join(dir, '.tmp-inflight'), 'being written');
    const cache = create(50, dir);

    await cache.set('huge', bytes(51));

    expect(await cache.get('huge')).toBeUndefined();
    expect((await readdir(dir)).sort()).toEqual(['.tmp-inflight', 'kept']);
  });

  it('serves misses and logs once when the folder cannot be created', async () => {
    await writeFile(join(root, 'not-a-folder'), '');
    const cache = create(1000, join(root, 'not-a-folder', 'images'));

    await cache.set('a', bytes(10));
    await cache.set('b', bytes(10));

    expect(await cache.get('a')).toBeUndefined();
    expect(lines.filter((line) => line.msg === 'image disk cache unavailable')).toHaveLength(1);
  });

  it('does nothing with a zero budget', async () => {
    const cache = create(0);

    await cache.set('a', bytes(10));

    expect(await cache.get('a')).toBeUndefined();
    await expect(readdir(join(root, 'cache'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
