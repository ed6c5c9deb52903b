import { readFile, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';

import { resolveAssetFile } from '#server/services/images/asset-path.ts';

const EMBEDDED_PREFIX = '/content-assets/';

export interface ModelFileReaderOptions {
  assetsDir?: string | undefined;
  maxBytes: number;
  timeoutMs: number;
  /** A test's fake upstream; Contentful serves assets over https only. */
  allowHttp?: boolean;
}

export class ModelFileError extends Error {}

export type ReadModelFile = (url: string) => Promise<Uint8Array>;

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${bytes} bytes`);

export function createModelFileReader(options: ModelFileReaderOptions): ReadModelFile {
  const { maxBytes, timeoutMs } = options;
  let root: Promise<string | null> | undefined;
  const getRoot = () => (root ??= options.assetsDir ? realpath(resolve(options.assetsDir)).catch(() => null) : Promise.resolve(null));

  async function readEmbedded(url: string): Promise<Uint8Array> {
    const dir = await getRoot();
    const file = dir ? await resolveAssetFile(dir, url.slice(EMBEDDED_PREFIX.length - 1).split('?')[0] ?? '') : null;
    if (!file) throw new ModelFileError('not found in the assets folder');
    if (file.stats.size > maxBytes) throw new ModelFileError(`larger than ${megabytes(maxBytes)}`);
    return new Uint8Array(await readFile(file.path));
  }

  async function download(url: string): Promise<Uint8Array> {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && !(options.allowHttp && parsed.protocol === 'http:')) throw new ModelFileError(`not an https URL`);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(parsed, { signal, redirect: 'error' });
      if (!response.ok || !response.body) throw new ModelFileError(`the asset host answered ${response.status}`);
      if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw new ModelFileError(`larger than ${megabytes(maxBytes)}`);
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new ModelFileError(`larger than ${megabytes(maxBytes)}`);
        chunks.push(chunk);
      }
      return Buffer.concat(chunks, size);
    } catch (error) {
      if (error instanceof ModelFileError) throw error;
      throw new ModelFileError(signal.aborted ? `took longer than ${timeoutMs} ms to download` : 'could not be downloaded');
    }
  }

  return (url) => (url.startsWith(EMBEDDED_PREFIX) ? readEmbedded(url) : download(url));
}
