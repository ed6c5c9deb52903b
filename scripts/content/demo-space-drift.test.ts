import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'vitrine-drift-'));
    cpSync(join(CONTENT_DIR, 'space-export.json'), join(copy, 'space-export.json'));
    cpSync(join(CONTENT_DIR, 'assets'), join(copy, 'assets'), { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  // Builds every asset into a scratch folder: a second or two of CPU, more on a busy machine.
  it('finds the committed content/ identical to what content/source/ generates', { timeout: 240_000 }, async () => {
    const { code, stdout, stderr } = await runGenerator('--check');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/content\/ matches content\/source\/: \d+ entries, \d+ assets/);
  });

  it('lists a changed byte, an extra file and a missing file by path, says to run the generator and exits 1', { timeout: 240_000 }, async () => {
    const exportFile = join(copy, 'space-export.json');
    const bytes = readFileSync(exportFile);
    const at = bytes.indexOf('"entries"') + 1;
    bytes[at] = bytes[at]! ^ 0x20; // same length, one byte different
    writeFileSync(exportFile, bytes);
    const space = JSON.parse(readFileSync(join(CONTENT_DIR, 'space-export.json'), 'utf8')) as { assets: { fields: { file: { 'en-US': { url: string } } } }[] };
    const missing = `assets/${space.assets[0]!.fields.file['en-US'].url.replace(/^\/\//, '')}`;
    unlinkSync(join(copy, missing));
    writeFileSync(join(copy, 'assets/images.ctfassets.net/vitrine-demo/hand-added.png'), 'not from the generator');

    const { code, stderr } = await runGenerator('--check', copy);
    expect(code).toBe(1);
    expect(stderr).toContain('content/ does not match content/source/');
    expect(stderr).toContain(`M\t${copy}/space-export.json`);
    expect(stderr).toContain(`A\t${copy}/${missing}`);
    expect(stderr).toContain(`D\t${copy}/assets/images.ctfassets.net/vitrine-demo/hand-added.png`);
    expect(stderr.trim().split('\n')).toHaveLength(5);
    expect(stderr).toContain('run `node scripts/content/generate-demo-space.ts`');
  });

  it('fails on a folder without an export, naming what it cannot read', { timeout: 240_000 }, async () => {
    const empty = mkdtempSync(join(tmpdir(), 'vitrine-drift-empty-'));
    try {
      const { code, stderr } = await runGenerator('--check', empty);
      expect(code).toBe(1);
      expect(stderr).toContain(`${empty}/space-export.json`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('rejects an unknown argument with usage and exit 2, without building', async () => {
    const { code, stderr } = await runGenerator('--chek');
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--chek'");
    expect(stderr).toContain('usage: node scripts/content/generate-demo-space.ts [--check] [dir]');
  });
});
