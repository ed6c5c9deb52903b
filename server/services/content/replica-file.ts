import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { z } from 'zod';

import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';

import type { SpaceExport } from '#server/embedded/contentful/space-export-schema.ts';

// One header line (sync token, syncedAt, SHA-256 of the rest, so a torn or edited file is detected), then the space as an export.
// Written to a temporary file and renamed over the old one: a crash leaves the old file or the new, never half of one.
export interface ReplicaSnapshot {
  space: SpaceExport;
  nextSyncToken: string;
  syncedAt: number;
}

const FORMAT = 'vitrine-replica/1';
const headerSchema = z.object({ format: z.literal(FORMAT), nextSyncToken: z.string(), syncedAt: z.number(), checksum: z.string() });

export const replicaPath = (dataDir: string, spaceId: string, environment: string) => join(dataDir, 'contentful', `${spaceId}.${environment}.replica`);

// The event loop runs between writes, so a large replica never blocks a request for long.
const CHUNK_BYTES = 256 * 1024;

// Streamed item by item, the checksum written last, in place: a 10,000-entry replica (72 MB) in one `JSON.stringify` blocked the
// server for 0.7 s and needed twice its size in heap.
export async function writeReplicaFile(file: string, snapshot: ReplicaSnapshot): Promise<void> {
  const head = `{"format":"${FORMAT}","nextSyncToken":${JSON.stringify(snapshot.nextSyncToken)},"syncedAt":${snapshot.syncedAt},"checksum":"`;
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.write(`${head}${'0'.repeat(64)}"}\n`);
    const hash = createHash('sha256');
    let pending = '';
    for (const part of bodyParts(snapshot.space)) {
      pending += part;
      if (pending.length < CHUNK_BYTES) continue;
      hash.update(pending);
      await handle.write(pending);
      pending = '';
    }
    hash.update(pending);
    await handle.write(pending);
    await handle.write(hash.digest('hex'), Buffer.byteLength(head));
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

function* bodyParts({ entries, assets, ...model }: SpaceExport): Generator<string> {
  yield `${JSON.stringify(model).slice(0, -1)},"entries":[`;
  for (const [index, entry] of entries.entries()) yield (index === 0 ? '' : ',') + JSON.stringify(entry);
  yield '],"assets":[';
  for (const [index, asset] of assets.entries()) yield (index === 0 ? '' : ',') + JSON.stringify(asset);
  yield ']}';
}

/** Undefined when there is no file; throws when it is unusable. */
export async function readReplicaFile(file: string): Promise<ReplicaSnapshot | undefined> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
  if (text === undefined) return undefined;
  const newline = text.indexOf('\n');
  const header = headerSchema.safeParse(parseJson(newline < 0 ? text : text.slice(0, newline))).data;
  if (!header) throw new Error(`replica header is not ${FORMAT}`);
  const body = newline < 0 ? '' : text.slice(newline + 1);
  if (createHash('sha256').update(body).digest('hex') !== header.checksum) throw new Error(`replica ${file}: checksum mismatch (torn or edited file)`);
  return { space: parseSpaceExport(JSON.parse(body), file).space, nextSyncToken: header.nextSyncToken, syncedAt: header.syncedAt };
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
