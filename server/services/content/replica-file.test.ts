import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { readDemoExport } from '../../../tests/fakes/contentful.ts';
import { readReplicaFile, replicaPath, writeReplicaFile } from './replica-file.ts';
import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';

import type { ReplicaSnapshot } from './replica-file.ts';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrine-replica-file-'));
  file = replicaPath(dir, 'vitrine-demo', 'master');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const snapshot = (nextSyncToken = 'token-1'): ReplicaSnapshot => ({
  space: parseSpaceExport(readDemoExport(), 'demo export').space,
  nextSyncToken,
  syncedAt: 1_700_000_000_000,
});

describe('replica file', () => {
  it('reads back what was written', async () => {
    const written = snapshot();

    await writeReplicaFile(file, written);
    const read = await readReplicaFile(file);

    expect(read).toEqual(written);
    expect(file).toBe(join(dir, 'contentful', 'vitrine-demo.master.replica'));
  });

  it('starts with a header line naming the format, the token, the sync time and a checksum', async () => {
    await writeReplicaFile(file, snapshot());
    const text = await readFile(file, 'utf8');

    expect(JSON.parse(text.slice(0, text.indexOf('\n')))).toEqual({
      format: 'vitrine-replica/1',
      nextSyncToken: 'token-1',
      syncedAt: 1_700_000_000_000,
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('replaces the file whole and leaves no temporary file behind', async () => {
    await writeReplicaFile(file, snapshot('token-1'));
    await writeReplicaFile(file, snapshot('token-2'));

    expect(await readdir(join(dir, 'contentful'))).toEqual(['vitrine-demo.master.replica']);
    expect((await readReplicaFile(file))?.nextSyncToken).toBe('token-2');
  });

  it('removes its temporary file when the rename fails', async () => {
    await mkdir(file, { recursive: true });

    await expect(writeReplicaFile(file, snapshot())).rejects.toThrow();

    expect(await readdir(join(dir, 'contentful'))).toEqual(['vitrine-demo.master.replica']);
    expect(await readdir(file)).toEqual([]);
  });

  it('returns undefined when there is no file', async () => {
    expect(await readReplicaFile(join(dir, 'missing.replica'))).toBeUndefined();
  });

  it('throws on a checksum mismatch (an edited body)', async () => {
    await writeReplicaFile(file, snapshot());
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"Vitrine"', '"Edited!"'));

    await expect(readReplicaFile(file)).rejects.toThrow(`replica ${file}: checksum mismatch (torn or edited file)`);
  });

  it('throws on a torn file', async () => {
    await writeReplicaFile(file, snapshot());
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, Math.floor(text.length / 2)));

    await expect(readReplicaFile(file)).rejects.toThrow('checksum mismatch');
  });

  it.each([
    ['another format', (text: string) => text.replace('vitrine-replica/1', 'vitrine-replica/2')],
    ['a header that is not JSON', (text: string) => `garbage${text}`],
    ['no header line', () => '{}'],
  ])('throws on %s', async (_name, spoil) => {
    await writeReplicaFile(file, snapshot());
    await writeFile(file, spoil(await readFile(file, 'utf8')));

    await expect(readReplicaFile(file)).rejects.toThrow('replica header is not vitrine-replica/1');
  });

  it('throws when the body, with a matching checksum, is not a space export', async () => {
    const body = JSON.stringify({ entries: 'none' });
    const checksum = createHash('sha256').update(body).digest('hex');
    await mkdir(join(dir, 'contentful'), { recursive: true });
    await writeFile(file, `${JSON.stringify({ format: 'vitrine-replica/1', nextSyncToken: 't', syncedAt: 1, checksum })}\n${body}`);

    await expect(readReplicaFile(file)).rejects.toThrow(`Contentful export ${file}`);
  });
});
