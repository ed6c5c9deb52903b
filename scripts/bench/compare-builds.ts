/**
 * Two builds of Vitrine, same page, interleaved: HTML bytes, hydration-data bytes, requests/s and server
 * CPU per request with the page cache off. Used to measure the hydration-data diet against the commit
 * before it (e765440 adds a folder the pre-diet commit already imports):
 *
 *   git worktree add /tmp/before ad866f0^ && (cd /tmp/before && git checkout e765440 -- client/features/model-viewer)
 *   ln -s "$PWD/node_modules" /tmp/before/node_modules && (cd /tmp/before && node scripts/build.ts)
 *   node scripts/bench/compare-builds.ts /tmp/before .   [--path /articles/behind-the-vitrine]
 *
 * One build under two settings: the same checkout twice, each with its own variables (docs/memory.md):
 *
 *   node scripts/bench/compare-builds.ts . . --before-env HEAP_LIMIT_MB=off --after-env HEAP_LIMIT_MB=auto
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { startServer } from '../../tests/e2e/support/server.ts';
import { autocannon, machineLine, median, treeCpuMs } from './lib.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string', default: '/articles/behind-the-vitrine' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'before-env': { type: 'string', multiple: true },
    'after-env': { type: 'string', multiple: true },
  },
});
if (positionals.length !== 2) throw new Error('usage: node scripts/bench/compare-builds.ts <before checkout> <after checkout>');

/** `KEY=VALUE` pairs into variables; a name that is not a variable's is refused rather than passed on. */
function envPairs(pairs: string[] = []): Record<string, string> {
  const entries = pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const);
  const bad = entries.find(([key]) => !/^[A-Z_][A-Z0-9_]*$/.test(key));
  if (bad) throw new Error(`--before-env/--after-env take KEY=VALUE, not "${bad[0]}"`);
  return Object.fromEntries(entries);
}
const env = { NODE_ENV: 'production', LOG_LEVEL: 'info', PAGE_CACHE_MAX_BYTES: '0' };
const envArgs = [args['before-env'] ?? [], args['after-env'] ?? []];
const envs = envArgs.map(envPairs);
process.stdout.write(`${machineLine()}\n`);
const servers = await Promise.all(positionals.map((dir, i) => startServer({ root: resolve(dir), env: { ...env, ...envs[i] }, captureLogs: false })));
try {
  const builds = servers.map((server, i) => ({
    name: `${i === 0 ? 'before' : 'after'} (${[positionals[i], ...envArgs[i]!].join(' ')})`,
    url: `${server.url}${args.path}`,
    pid: server.pid,
  }));
  const samples = builds.map(() => ({ rps: [] as number[], cpu: [] as number[] }));
  const pages = await Promise.all(builds.map(async (b) => (await fetch(b.url)).text()));
  for (const b of builds) await autocannon({ url: b.url, connections: Number(args.connections), duration: 2 });
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const [i, b] of builds.entries()) {
      const before = treeCpuMs(b.pid);
      const result = await autocannon({ url: b.url, connections: Number(args.connections), duration: Number(args.duration) });
      if (result.non2xx > 0) throw new Error(`${b.url}: ${result.non2xx} non-2xx answers`);
      samples[i]!.rps.push(result.requests.average);
      samples[i]!.cpu.push((treeCpuMs(b.pid) - before) / Math.max(1, result.requests.total));
    }
  }
  process.stdout.write(`${machineLine()}\n`);
  builds.forEach((b, i) => {
    const html = pages[i] ?? '';
    const hydration = /window\.__staticRouterHydrationData\s*=[\s\S]*?<\/script>/.exec(html)?.[0].length ?? 0;
    const { rps, cpu } = samples[i]!;
    process.stdout.write(
      `${b.name}: ${html.length} B HTML, ${hydration} B hydration data, ${median(rps).toFixed(0)} req/s, ${median(cpu).toFixed(2)} ms CPU/request\n`,
    );
  });
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
