import { cp, mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createBuiltScriptSource, createDevScriptSource } from './script-source.ts';

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
    const source = createBuiltScriptSource(root);

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
    const source = createDevScriptSource(root);

    const first = await source.load('insights');
    const again = await source.load('insights');
    await writeFile(
      join(root, 'client/features/insights/constants.ts'),
      `${'// changed\n'}export const PAGE_VIEWS_SCRIPT = '/insights/script.js';\nexport const SPEED_INSIGHTS_SCRIPT = '/speed-insights/script.js';\nexport const ROUTE_META_NAME = 'vitrine:changed-route';\nexport const NAVIGATION_EVENT = 'vitrine:navigation';\nexport interface NavigationDetail { route: string }\n`,
    );
    const later = new Date(Date.now() + 5000);
    await utimes(join(root, 'client/features/insights/constants.ts'), later, later);
    const rebuilt = await source.load('insights');

    expect(first.code).toContain('sendBeacon');
    expect(again).toBe(first);
    expect(rebuilt.code).toContain('vitrine:changed-route');
    expect(rebuilt.etag).not.toBe(first.etag);
  }, 30_000);
});
