// content/space-export.json and content/assets/ from content/source/, deterministically (content/README.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildDemoSpace } from './build/demo-space.ts';
import { describeDrift, findDrift } from './build/drift.ts';

const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));
const USAGE = 'usage: node scripts/content/generate-demo-space.ts [--check]\n';

const args = process.argv.slice(2);
if (args.length > 1 || (args.length === 1 && args[0] !== '--check')) {
  process.stderr.write(`unknown argument ${args.find((arg) => arg !== '--check') ?? args[1]}\n${USAGE}`);
  process.exit(2);
}

if (args[0] === '--check') {
  const scratch = mkdtempSync(join(tmpdir(), 'vitrine-demo-space-'));
  try {
    const built = await buildDemoSpace(scratch);
    const report = describeDrift(findDrift(CONTENT_DIR, scratch));
    if (report) {
      process.stderr.write(report);
      process.exitCode = 1;
    } else process.stdout.write(`content/ matches content/source/: ${built.entries} entries, ${built.assets} assets\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
} else {
  const built = await buildDemoSpace(CONTENT_DIR);
  const megabytes = (built.assetBytes / 1024 / 1024).toFixed(2);
  process.stdout.write(`wrote content/space-export.json: ${built.entries} entries, ${built.assets} assets, ${megabytes} MB of asset files\n`);
}
