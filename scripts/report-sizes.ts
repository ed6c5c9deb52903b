import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip size in bytes of a built file. */
export async function gzipSize(file: string): Promise<number> {
  return gzipSync(await readFile(file), { level: 9 }).length;
}

/** Prints every JS/CSS chunk with raw and gzip sizes, largest first. */
export async function reportSizes(clientDir: string): Promise<void> {
  const dir = join(clientDir, 'assets');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const rows = await Promise.all(files.map(async (f) => ({ file: f, raw: readFileSync(join(dir, f)).length, gzip: await gzipSize(join(dir, f)) })));
  rows.sort((a, b) => b.gzip - a.gzip);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
  console.log('\nchunk sizes (dist/client/assets)');
  console.log(`${'file'.padEnd(48)}${'raw'.padStart(10)}${'gzip'.padStart(10)}`);
  for (const row of rows) console.log(`${row.file.padEnd(48)}${kb(row.raw)}${kb(row.gzip)}`);
}
