/**
 * Copies three's Draco and Basis (KTX2) decoders into `public/decoders/`, so
 * the model viewer loads them from our origin, never from a CDN (STYLE.md
 * section 9, docs/decisions/004-model-viewer.md). The copies are git-ignored
 * and always match the installed three version. Meshopt needs no files: its
 * decoder is bundled into the viewer chunk.
 *
 *   node scripts/copy-decoders.ts            # called by the build and dev scripts
 */
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Source folder in the three package → destination folder under `public/decoders/`. */
const DECODER_SETS = [
  { from: 'three/examples/jsm/libs/draco/gltf/draco_decoder.js', to: 'draco' },
  { from: 'three/examples/jsm/libs/basis/basis_transcoder.js', to: 'basis' },
] as const;

const DECODER_FILE = /\.(js|wasm)$/;

function resolvePackageDir(specifier: string): string {
  return dirname(fileURLToPath(import.meta.resolve(specifier)));
}

/** Copies the decoder files; returns the paths written, relative to `outDir`. */
export async function copyDecoders(outDir = join(ROOT, 'public', 'decoders')): Promise<string[]> {
  const written: string[] = [];
  for (const set of DECODER_SETS) {
    const sourceDir = resolvePackageDir(set.from);
    const targetDir = join(outDir, set.to);
    await mkdir(targetDir, { recursive: true });
    for (const name of await readdir(sourceDir)) {
      if (!DECODER_FILE.test(name)) continue;
      await copyFile(join(sourceDir, name), join(targetDir, name));
      written.push(`${set.to}/${name}`);
    }
  }
  return written;
}

if (import.meta.main) {
  const written = await copyDecoders();
  process.stdout.write(`copied ${written.length} decoder files to public/decoders/: ${written.join(', ')}\n`);
}
