// content/space-export.json and content/assets/ from content/source/, deterministically (content/README.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { buildDemoSpace } from './build/demo-space.ts';

/** `dir`: where the export is (content/ unless given; the tests check a copy). */
let args: { check?: boolean | undefined; dir: string };
try {
  const { values, positionals } = parseArgs({ options: { check: { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length > 1) throw new Error(`unexpected argument ${positionals[1]}`);
  args = { ...values, dir: resolve(positionals[0] ?? fileURLToPath(new URL('../../content/', import.meta.url))) };
} catch (error) {
  process.stderr.write(`${(error as Error).message}\nusage: node scripts/content/generate-demo-space.ts [--check] [dir]\n`);
  process.exit(2);
}

if (args.check) {
  const scratch = mkdtempSync(join(tmpdir(), 'vitrine-demo-space-'));
  try {
    const built = await buildDemoSpace(scratch);
    // git's A (the generator writes it, it is not committed), D (committed, no longer written) and M (other bytes), by path.
    const drift = ['space-export.json', 'assets'].map((path) => {
      const diff = spawnSync('git', ['diff', '--no-index', '--name-status', '--', join(args.dir, path), join(scratch, path)], { encoding: 'utf8' });
      if (diff.error) throw diff.error;
      // Exit 1 without a list: git could not read a side (say, content/assets/ is missing) and says so on stderr.
      return diff.status === 0 ? '' : diff.stdout.replaceAll(scratch, args.dir) || diff.stderr || `git diff exited ${diff.status}\n`;
    });
    if (drift.join('')) {
      process.stderr.write(`content/ does not match content/source/ (A: not committed, D: no longer generated, M: different):\n${drift.join('')}`);
      process.stderr.write('Edit content/source/ (not the output), then run `node scripts/content/generate-demo-space.ts` and commit the result.\n');
      process.exitCode = 1;
    } else process.stdout.write(`content/ matches content/source/: ${built.entries} entries, ${built.assets} assets\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
} else {
  const built = await buildDemoSpace(args.dir);
  const megabytes = (built.assetBytes / 1024 / 1024).toFixed(2);
  process.stdout.write(`wrote content/space-export.json: ${built.entries} entries, ${built.assets} assets, ${megabytes} MB of asset files\n`);
}
