import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

/**
 * The lazy boundary, checked on the source: everything index.ts imports
 * statically (transitively) must stay free of three, fiber and drei, which
 * may only be reached through the dynamic import() in model-viewer.tsx.
 */

const here = dirname(fileURLToPath(import.meta.url));
const HEAVY = /^(three|three\/.*|@react-three\/.*|three-stdlib.*)$/;
// Static value imports and re-exports; `import type` / `export type` are erased and skipped.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

function staticImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((match) => match[1] ?? '');
}

function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('model-viewer lazy boundary', () => {
  const { files, packages } = staticGraph(resolve(here, 'index.ts'));

  it('keeps three, fiber and drei out of the statically imported graph of index.ts', () => {
    expect([...packages].filter((name) => HEAVY.test(name))).toEqual([]);
    expect([...files].map((file) => file.slice(here.length + 1))).not.toContain('viewer-canvas.tsx');
  });

  it('reaches the canvas chunk only through a dynamic import', () => {
    const shell = readFileSync(resolve(here, 'model-viewer.tsx'), 'utf8');

    expect([...shell.matchAll(DYNAMIC_IMPORT)].map((match) => match[1])).toEqual(['./viewer-canvas.tsx']);
  });

  it('finds three in the canvas chunk, so the check can fail', () => {
    const chunk = staticGraph(resolve(here, 'viewer-canvas.tsx'));

    expect([...chunk.packages]).toEqual(expect.arrayContaining(['three', '@react-three/fiber', '@react-three/drei']));
  });
});
