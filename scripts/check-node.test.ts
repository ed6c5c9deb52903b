import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const GATE = join(ROOT, 'scripts/check-node.cjs');
const { nodeVersionProblem } = createRequire(import.meta.url)(GATE) as { nodeVersionProblem: (version: string, engines: string) => string | null };
const ENGINES = (createRequire(import.meta.url)(join(ROOT, 'package.json')) as { engines: { node: string } }).engines.node;
const GET_NODE = 'npm install --prefix ~/.node24 node@24 && export PATH=~/.node24/node_modules/.bin:$PATH';
const oneLine = (version: string) => `Vitrine needs Node ${ENGINES} (this is ${version}); get Node 24 without touching the system: ${GET_NODE}\n`;

describe('nodeVersionProblem', () => {
  it.each([
    ['20.20.2', '>=22.22'],
    ['v22.21.9', '>=22.22'],
    ['22.3.0', '>=22.22'], // numbers, not text: 3 < 22
    ['22.22.0', '>=22.22.1'],
    ['24.14.0', '^22.22.2 || ^24.15.0 || >=26'],
    ['23.9.0', '^22.22.2 || ^24.15.0 || >=26'],
    ['22.22.1', '^22.22.2 || ^24.15.0 || >=26'],
  ])('refuses %s for %s with one line naming both and the command to get Node 24', (version, engines) => {
    expect(nodeVersionProblem(version, engines)).toBe(
      `Vitrine needs Node ${engines} (this is ${version.replace(/^v/, '')}); get Node 24 without touching the system: ${GET_NODE}`,
    );
  });

  it.each([
    ['22.22.0', '>=22.22'],
    ['v24.1.0', '>=22.22'],
    ['100.0.0', '>= 22'],
    ['22.22.2', '^22.22.2 || ^24.15.0 || >=26'],
    ['24.21.0', '^22.22.2 || ^24.15.0 || >=26'],
    ['26.0.0', '^22.22.2 || ^24.15.0 || >=26'],
  ])('accepts %s for %s', (version, engines) => {
    expect(nodeVersionProblem(version, engines)).toBeNull();
  });

  it('refuses an engines range it cannot read instead of letting every Node through', () => {
    expect(() => nodeVersionProblem('24.0.0', '22.x || >=24')).toThrow('package.json engines.node must be "^x.y.z" or ">=x.y.z" joined by ||');
  });
});

describe('the gate as npm scripts run it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-gate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one line and exits 1 on an older Node (process.versions faked before the gate runs)', () => {
    const fake = join(dir, 'node-20.cjs');
    writeFileSync(fake, "Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.20.2' } });\n");

    const result = spawnSync(process.execPath, ['--require', fake, GATE], { encoding: 'utf8' });

    expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({ status: 1, stdout: '', stderr: oneLine('20.20.2') });
  });

  it('says nothing and exits 0 on this Node', () => {
    const result = spawnSync(process.execPath, [GATE], { encoding: 'utf8' });

    expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});

// The machine's own Node when it is older than engines (Debian's is 20): the real thing, not a fake.
const OLD_NODE = ['/usr/bin/node', '/bin/node'].find((path) => existsSync(path) && spawnSync(path, [GATE]).status === 1);

describe.skipIf(OLD_NODE === undefined)(`on the system's older Node (${OLD_NODE ?? 'none'})`, () => {
  const oldPath = `${resolve(OLD_NODE ?? '/usr/bin/node', '..')}:${process.env.PATH ?? ''}`;
  const oldVersion = OLD_NODE ? spawnSync(OLD_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim() : '';

  it('npm start stops at the gate with its one line, before Node meets a .ts file', () => {
    const result = spawnSync('npm', ['start'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PATH: oldPath, npm_config_update_notifier: 'false' } });

    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(oneLine(oldVersion));
    expect(`${result.stdout}${result.stderr}`).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
  }, 60_000);

  it('npm install stops before it downloads anything (engine-strict in .npmrc), naming the required version', () => {
    const project = mkdtempSync(join(tmpdir(), 'vitrine-install-'));
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(join(ROOT, file), join(project, file));
    try {
      // A registry that cannot answer: were npm to get as far as downloading, it would fail differently.
      const env = {
        ...process.env,
        PATH: oldPath,
        npm_config_registry: 'http://127.0.0.1:9/',
        npm_config_update_notifier: 'false',
        npm_config_cache: join(project, '.npm'),
      };
      const result = spawnSync('npm', ['install'], { cwd: project, encoding: 'utf8', env });

      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^npm error code EBADENGINE\n/);
      expect(result.stderr).toContain(`npm error notsup Required: ${JSON.stringify({ node: ENGINES })}`);
      expect(existsSync(join(project, 'node_modules'))).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 60_000);
});
