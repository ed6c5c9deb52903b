/**
 * Two builds, same page, page cache off, interleaved:
 *
 *   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   node scripts/bench/compare-builds.ts /tmp/before .   [--path <page>] [--rounds 3] [--duration 5] [--connections 10]
 *   node scripts/bench/compare-builds.ts . . --before-env HEAP_LIMIT_MB=off --after-env HEAP_LIMIT_MB=auto
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { envPairs, machineLine, medians, runRounds, startBenchServer, table, toTarget, wholeNumber } from './lib.ts';

import type { RunningServer } from '../../tests/e2e/support/server.ts';
import type { Sample } from './lib.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string', default: '/articles/behind-the-vitrine' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'before-env': { type: 'string', multiple: true, default: [] },
    'after-env': { type: 'string', multiple: true, default: [] },
  },
});
if (positionals.length !== 2) throw new Error('usage: node scripts/bench/compare-builds.ts <before checkout> <after checkout>');
const load = {
  rounds: wholeNumber('rounds', args.rounds),
  duration: wholeNumber('duration', args.duration),
  connections: wholeNumber('connections', args.connections),
};
const settings = [args['before-env'], args['after-env']];

const servers: RunningServer[] = [];
try {
  for (const [i, dir] of positionals.entries()) servers.push(await startBenchServer({ PAGE_CACHE_MAX_BYTES: '0', ...envPairs(settings[i]) }, resolve(dir)));
  const targets = servers.map((s, i) => toTarget(`${i ? 'after' : 'before'} (${[positionals[i], ...settings[i]!].join(' ')})`, `${s.url}${args.path}`, s.pid));
  const pages = await Promise.all(targets.map(async (t) => (await fetch(t.url)).text()));
  process.stdout.write(`${machineLine()}\n`);
  await runRounds(targets, load);
  const rows = [['build', 'HTML B', 'hydration data B', 'req/s', 'p99 ms', 'CPU ms/req']];
  for (const [i, t] of targets.entries()) {
    const html = pages[i] ?? '';
    const hydration = /window\.__staticRouterHydrationData\s*=[\s\S]*?<\/script>/.exec(html)?.[0].length ?? 0;
    const s = medians(t);
    rows.push([t.name, String(html.length), String(hydration), s.rps.toFixed(0), s.p99.toFixed(1), s.cpu.toFixed(3)]);
  }
  const [before, after] = targets.map(medians) as [Sample, Sample];
  rows.push(['after / before', '', '', (after.rps / before.rps).toFixed(2), '', (after.cpu / before.cpu).toFixed(2)]);
  process.stdout.write(`\n${table(rows)}\n`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
