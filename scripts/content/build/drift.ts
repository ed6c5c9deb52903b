import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface Drift {
  path: string;
  kind: 'missing' | 'extra' | 'different';
}

function filesOf(contentDir: string): Set<string> {
  const assets = join(contentDir, 'assets');
  const files = existsSync(assets) ? readdirSync(assets, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
  const paths = files.map((entry) => relative(contentDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  return new Set([...(existsSync(join(contentDir, 'space-export.json')) ? ['space-export.json'] : []), ...paths]);
}

export function findDrift(committedDir: string, builtDir: string): Drift[] {
  const [committed, built] = [filesOf(committedDir), filesOf(builtDir)];
  const drift: Drift[] = [];
  for (const path of built) {
    if (!committed.has(path)) drift.push({ path, kind: 'missing' });
    else if (!readFileSync(join(committedDir, path)).equals(readFileSync(join(builtDir, path)))) drift.push({ path, kind: 'different' });
  }
  for (const path of committed) if (!built.has(path)) drift.push({ path, kind: 'extra' });
  return drift.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const EXPLAIN: Record<Drift['kind'], string> = {
  missing: 'missing: the generator writes it, it is not committed',
  extra: 'extra: committed, the generator no longer writes it',
  different: 'different: the committed bytes are not what the generator writes',
};

export function describeDrift(drift: Drift[]): string {
  if (drift.length === 0) return '';
  const lines = drift.map(({ path, kind }) => `  content/${path}  (${EXPLAIN[kind]})`);
  return [
    `content/ does not match content/source/ (${drift.length} file${drift.length === 1 ? '' : 's'}):`,
    ...lines,
    'Edit content/source/ (not the output), then run `node scripts/content/generate-demo-space.ts` and commit the result.',
    '',
  ].join('\n');
}
