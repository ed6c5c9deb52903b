import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLIENT_ENTRY, createManifestAssets } from '#server/ssr/assets.ts';

let clientDir: string;

beforeAll(() => {
  clientDir = mkdtempSync(join(tmpdir(), 'vitrine-assets-'));
  mkdirSync(join(clientDir, '.vite'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets/entry.js'), 'export {};\n');
  writeFileSync(join(clientDir, 'assets/app.css'), 'body{color:red}');
  writeFileSync(join(clientDir, 'assets/page.css'), `.x{${'a:b;'.repeat(400)}}`);
  const manifest = {
    [CLIENT_ENTRY]: { file: 'assets/entry.js', isEntry: true, imports: ['_app.js'] },
    '_app.js': { file: 'assets/app.js', css: ['assets/app.css'] },
    'client/pages/page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_app.js'], css: ['assets/page.css'] },
  };
  writeFileSync(join(clientDir, '.vite/manifest.json'), JSON.stringify(manifest));
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe('createManifestAssets', () => {
  it('resolves the entry and route chunks to modules to preload and stylesheets', () => {
    const assets = createManifestAssets(clientDir).forChunks(['client/pages/page.tsx']);

    expect(assets.bootstrapModules).toEqual(['/assets/entry.js']);
    expect(assets.modulePreloads).toEqual(['/assets/app.js', '/assets/page.js']);
    expect(assets.stylesheets).toEqual(['/assets/app.css', '/assets/page.css']);
  });

  it("gives the entry script its file's Subresource Integrity", () => {
    const assets = createManifestAssets(clientDir).forChunks([]);

    expect(assets.integrity).toEqual({ '/assets/entry.js': `sha384-${createHash('sha384').update('export {};\n').digest('base64')}` });
  });

  it('inlines stylesheets up to the size limit and links the larger ones', () => {
    const assets = createManifestAssets(clientDir, { inlineCssMaxBytes: 1024 }).forChunks(['client/pages/page.tsx']);

    expect(assets.inlineStyles).toEqual({ '/assets/app.css': 'body{color:red}' });
  });
});
