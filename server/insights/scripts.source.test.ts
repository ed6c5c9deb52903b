import { cp, mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createScriptSource } from './scripts.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitrine-insights-'));
  await mkdir(join(root, 'client/features'), { recursive: true });
  await cp(resolve('client/features/insights'), join(root, 'client/features/insights'), { recursive: true });
  await symlink(resolve('node_modules'), join(root, 'node_modules'), 'dir');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('createBuiltScriptSource', () => {
  it('reads dist/insights once the file exists, with a content ETag', async () => {
    const source = createScriptSource(false, root);

    await expect(source.load('insights')).rejects.toThrow(/ENOENT/);
    await mkdir(join(root, 'dist/insights'), { recursive: true });
    await writeFile(join(root, 'dist/insights/insights.js'), '(function(){})();');
    const script = await source.load('insights');

    expect(script.code).toBe('(function(){})();');
    expect(script.etag).toMatch(/^"[\w-]{27}"$/);
  });
});

describe('createDevScriptSource', () => {
  it('bundles on first request, reuses the bundle, and rebuilds after a source change', async () => {
    const source = createScriptSource(true, root);

    const first = await source.load('insights');
    const again = await source.load('insights');
    const page = join(root, 'client/features/insights/page.ts');
    await writeFile(page, (await readFile(page, 'utf8')).replace("'vitrine:route'", "'vitrine:changed-route'"));
    const later = new Date(Date.now() + 5000);
    await utimes(page, later, later);
    const rebuilt = await source.load('insights');

    expect(first.code).toContain('sendBeacon');
    expect(again).toBe(first);
    expect(rebuilt.code).toContain('vitrine:changed-route');
    expect(rebuilt.etag).not.toBe(first.etag);
  }, 30_000);
});
