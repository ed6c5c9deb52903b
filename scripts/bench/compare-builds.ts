/**
 * Two builds of Vitrine, same page, interleaved: HTML bytes, hydration-data
 * bytes, requests/s and server CPU per request with the page cache off.
 * Used to measure the hydration-data diet against the commit before it:
 *
 *   git worktree add /tmp/before ad866f0^ && (cd /tmp/before && git checkout e765440 -- client/features/model-viewer)
 *   ln -s "$PWD/node_modules" /tmp/before/node_modules && (cd /tmp/before && node scripts/build.ts)
 *   node scripts/bench/compare-builds.ts /tmp/before .   [--path /articles/behind-the-vitrine]
 *
 * (e765440 adds a folder the pre-diet commit already imports.) Linux only: CPU is read from /proc.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { processCpuMs } from './process-cpu.ts';

import type { ChildProcess } from 'node:child_process';

interface LoadResult {
  requests: { average: number; total: number };
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: { url: string; connections: number; duration: number }) => Promise<LoadResult>;

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string', default: '/articles/behind-the-vitrine' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
  },
});
if (positionals.length !== 2) throw new Error('usage: node scripts/bench/compare-builds.ts <before checkout> <after checkout>');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const children: ChildProcess[] = [];
const builds = positionals.map((dir, i) => {
  const port = 4700 + i;
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: resolve(dir),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', PAGE_CACHE_MAX_BYTES: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return {
    name: i === 0 ? `before (${dir})` : `after (${dir})`,
    url: `http://127.0.0.1:${port}${args.path}`,
    pid: child.pid ?? -1,
    rps: [] as number[],
    cpu: [] as number[],
  };
});

try {
  for (const build of builds) {
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(build.url)).ok) break;
      } catch {
        // not listening yet
      }
      if (tries > 300) throw new Error(`${build.url} did not come up`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const pages = await Promise.all(builds.map(async (b) => (await fetch(b.url)).text()));
  for (const b of builds) await autocannon({ url: b.url, connections: 10, duration: 2 });
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const b of builds) {
      const before = processCpuMs(b.pid);
      const result = await autocannon({ url: b.url, connections: 10, duration: Number(args.duration) });
      if (result.non2xx > 0) throw new Error(`${b.url}: ${result.non2xx} non-2xx answers`);
      b.rps.push(result.requests.average);
      b.cpu.push((processCpuMs(b.pid) - before) / Math.max(1, result.requests.total));
    }
  }
  builds.forEach((b, i) => {
    const html = pages[i] ?? '';
    const hydration = /window\.__staticRouterHydrationData\s*=[\s\S]*?<\/script>/.exec(html)?.[0].length ?? 0;
    process.stdout.write(
      `${b.name}: ${html.length} B HTML, ${hydration} B hydration data, ${median(b.rps).toFixed(0)} req/s, ${median(b.cpu).toFixed(2)} ms CPU/request\n`,
    );
  });
} finally {
  for (const child of children) child.kill('SIGTERM');
}
