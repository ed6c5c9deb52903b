import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// AR code loads only on the press: the shell reaches ar/ through dynamic imports alone, and the chunks hold the three.js code.

const folder = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every file reached by static value imports from `entry`, and the packages they name. */
function staticGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => file.slice(folder.length + 1)), packages: [...packages] };
}

describe('the AR lazy boundary', () => {
  it('keeps every ar/ file out of the shell’s static graph', () => {
    expect(staticGraph(resolve(folder, 'index.ts')).files.filter((file) => file.startsWith('ar/'))).toEqual([]);
  });

  it('loads each AR route, and the QR code for a computer, from the button by a dynamic import', () => {
    const button = readFileSync(resolve(folder, 'ar-button.tsx'), 'utf8');

    expect([...button.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]).sort()).toEqual([
      './ar/ar-qr.tsx',
      './ar/ar-quick-look.ts',
      './ar/ar-scene-viewer.ts',
      './ar/ar-webxr.ts',
    ]);
  });

  it('finds three in the WebXR and Quick Look chunks and none in Scene Viewer’s', () => {
    expect(staticGraph(resolve(folder, 'ar/ar-webxr.ts')).packages).toContain('three');
    expect(staticGraph(resolve(folder, 'ar/ar-quick-look.ts')).packages).toContain('three/examples/jsm/exporters/USDZExporter.js');
    expect(staticGraph(resolve(folder, 'ar/ar-scene-viewer.ts')).packages).toEqual([]);
    expect(staticGraph(resolve(folder, 'ar/ar-qr.tsx')).packages.filter((name) => name !== 'react')).toEqual(['uqr']);
  });
});
