import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { describeDrift, findDrift } from './build/drift.ts';

const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));
const GENERATOR = fileURLToPath(new URL('./generate-demo-space.ts', import.meta.url));

/** Runs the generator's CLI; never rejects, so a failing check shows its own report in the assertion. */
function runGenerator(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [GENERATOR, ...args], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('generate-demo-space --check', () => {
  // Builds every model and asset into a scratch folder: ~20 s of CPU, more on a busy machine.
  it('finds the committed content/ identical to what content/source/ generates', { timeout: 240_000 }, async () => {
    const { code, stdout, stderr } = await runGenerator('--check');
    expect(stderr.includes('does not match') ? stderr : '').toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/content\/ matches content\/source\/: \d+ entries, \d+ assets/);
  });

  it('rejects an unknown argument with usage and exit 2, without building', async () => {
    const { code, stderr } = await runGenerator('--chek');
    expect(code).toBe(2);
    expect(stderr).toContain('unknown argument --chek');
    expect(stderr).toContain('usage: node scripts/content/generate-demo-space.ts [--check]');
  });
});

describe('findDrift', () => {
  let copy: string;
  const anAsset = () => {
    const space = JSON.parse(readFileSync(join(copy, 'space-export.json'), 'utf8')) as { assets: { fields: { file: { 'en-US': { url: string } } } }[] };
    return `assets/${space.assets[0]!.fields.file['en-US'].url.replace(/^\/\//, '')}`;
  };

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'vitrine-drift-'));
    cpSync(join(CONTENT_DIR, 'space-export.json'), join(copy, 'space-export.json'));
    cpSync(join(CONTENT_DIR, 'assets'), join(copy, 'assets'), { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('finds nothing between two identical trees', () => {
    expect(findDrift(copy, CONTENT_DIR)).toEqual([]);
  });

  it('reports a changed byte, an extra file and a missing file, each by path, and says to run the generator', () => {
    const exportFile = join(copy, 'space-export.json');
    const bytes = readFileSync(exportFile);
    const at = bytes.indexOf('"entries"') + 1;
    bytes[at] = bytes[at]! ^ 0x20; // same length, one byte different
    writeFileSync(exportFile, bytes);
    const missing = anAsset();
    unlinkSync(join(copy, missing));
    writeFileSync(join(copy, 'assets/images.ctfassets.net/vitrine-demo/hand-added.png'), 'not from the generator');

    const drift = findDrift(copy, CONTENT_DIR);
    expect(drift).toEqual(
      [
        { path: 'space-export.json', kind: 'different' },
        { path: missing, kind: 'missing' },
        { path: 'assets/images.ctfassets.net/vitrine-demo/hand-added.png', kind: 'extra' },
      ].sort((a, b) => (a.path < b.path ? -1 : 1)),
    );
    const report = describeDrift(drift);
    expect(report).toContain('content/ does not match content/source/ (3 files):');
    expect(report).toContain('content/space-export.json  (different: the committed bytes are not what the generator writes)');
    expect(report).toContain(`content/${missing}  (missing: the generator writes it, it is not committed)`);
    expect(report).toContain('content/assets/images.ctfassets.net/vitrine-demo/hand-added.png  (extra: committed, the generator no longer writes it)');
    expect(report).toContain('run `node scripts/content/generate-demo-space.ts`');
  });

  it('reports a committed tree without its export as missing it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'vitrine-drift-empty-'));
    try {
      expect(findDrift(empty, CONTENT_DIR)).toContainEqual({ path: 'space-export.json', kind: 'missing' });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('describes no drift as nothing to print', () => {
    expect(describeDrift([])).toBe('');
  });
});
