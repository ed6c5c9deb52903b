import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';

import type { SpaceExport } from '#server/embedded/contentful/space-export-schema.ts';

/**
 * The replica on disk (ADR 061): one header line, then the space in the export's shape. The header holds the sync token,
 * when the replica was last in step with Contentful, and the SHA-256 of the rest, so a torn or edited file is detected.
 * Written to a temporary file and renamed over the old one: a crash leaves the old file or the new, never half of one.
 */
export interface ReplicaSnapshot {
  space: SpaceExport;
  nextSyncToken: string;
  /** Epoch ms of the last sync that reached Contentful. */
  syncedAt: number;
}

const FORMAT = 'vitrine-replica/1';

/** The file for one space and environment under DATA_DIR. */
export const replicaPath = (dataDir: string, spaceId: string, environment: string) => join(dataDir, 'contentful', `${spaceId}.${environment}.replica`);

export async function writeReplicaFile(file: string, snapshot: ReplicaSnapshot): Promise<void> {
  const body = JSON.stringify(snapshot.space);
  const checksum = createHash('sha256').update(body).digest('hex');
  const header = JSON.stringify({ format: FORMAT, nextSyncToken: snapshot.nextSyncToken, syncedAt: snapshot.syncedAt, checksum });
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, `${header}\n${body}`, { flush: true });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The replica in `file`, undefined when there is none; throws with what is wrong when it is there but unusable. */
export async function readReplicaFile(file: string): Promise<ReplicaSnapshot | undefined> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
  if (text === undefined) return undefined;
  const newline = text.indexOf('\n');
  const header = parseHeader(newline < 0 ? text : text.slice(0, newline));
  const body = newline < 0 ? '' : text.slice(newline + 1);
  if (createHash('sha256').update(body).digest('hex') !== header.checksum) throw new Error(`replica ${file}: checksum mismatch (torn or edited file)`);
  return { space: parseSpaceExport(JSON.parse(body), file).space, nextSyncToken: header.nextSyncToken, syncedAt: header.syncedAt };
}

function parseHeader(line: string): { nextSyncToken: string; syncedAt: number; checksum: string } {
  let header: unknown;
  try {
    header = JSON.parse(line);
  } catch {
    header = undefined;
  }
  const { format, nextSyncToken, syncedAt, checksum } = (header ?? {}) as Record<string, unknown>;
  if (format !== FORMAT || typeof nextSyncToken !== 'string' || typeof syncedAt !== 'number' || typeof checksum !== 'string')
    throw new Error(`replica header is not ${FORMAT}`);
  return { nextSyncToken, syncedAt, checksum };
}
