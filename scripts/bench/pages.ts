/**
 * `npm run bench [-- --duration <s>] [--connections <n>] [--rounds <n>]` (defaults 5, 10, 3): the production server (page cache on and off)
 * against express.static and a bare React floor (floor-server.ts), interleaved by round; medians of req/s, p50/p99, server CPU/request, ratios.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { ensureBuild, freePort, ROOT, startServer } from '../../tests/e2e/support/server.ts';
import { autocannon, median, processCpuMs, table, waitUntilUp } from './lib.ts';

import type { ChildProcess } from 'node:child_process';
import type { RunningServer } from '../../tests/e2e/support/server.ts';
import type { LoadResult } from './lib.ts';

const ARTICLE = '/articles/behind-the-vitrine';
const { values: args } = parseArgs({
  options: { duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' }, rounds: { type: 'string', default: '3' } },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);

const children: ChildProcess[] = [];
const servers: RunningServer[] = [];
/** Server process per origin, to read its CPU time around each sample. */
const pidOf = new Map<string, number>();

/** Our production server, logging at info to /dev/null as it would to a collector. */
async function startApp(env: Record<string, string> = {}): Promise<string> {
  const server = await startServer({ env: { LOG_LEVEL: 'info', ...env }, captureLogs: false });
  servers.push(server);
  pidOf.set(server.url, server.pid);
  return server.url;
}

/** A node child (baseline or floor) on a free port, up once `probe` answers. */
async function startChild(args: (port: number) => string[], probe: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, args(port), { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  pidOf.set(url, child.pid ?? -1);
  await waitUntilUp(`${url}${probe}`);
  return url;
}

const BASELINE_SERVER = `
import express from 'express';
const [dir, port] = process.argv.slice(1);
express().use(express.static(dir)).listen(Number(port), '127.0.0.1');
`;

async function main(): Promise<void> {
  ensureBuild();
  const app = await startApp();
  // The same build with the page cache off: every request renders (loaders from the content cache, then React).
  const rendering = await startApp({ PAGE_CACHE_MAX_BYTES: '0' });
  const home = await fetch(`${app}/`);
  const data = await fetch(`${app}/_data/`);
  if (!home.ok || !data.ok) throw new Error(`warm-up requests failed: / ${home.status}, /_data/ ${data.status}`);
  const article = await (await fetch(`${app}${ARTICLE}`)).text();
  // The baseline: the same bytes from disk through express.static.
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  for (const [name, body] of Object.entries({ 'index.html': await home.text(), 'data.json': await data.text(), 'article.html': article }))
    writeFileSync(join(dir, name), body);
  const baseline = await startChild((port) => ['--input-type=module', '-e', BASELINE_SERVER, dir, String(port)], '/index.html');
  const floor = await startChild((port) => ['scripts/bench/floor-server.ts', String(port)], ARTICLE);
  const hydration = /window\.__staticRouterHydrationData=[\s\S]*?<\/script>/.exec(article)?.[0].length ?? 0;
  process.stdout.write(`article page: ${article.length} bytes of HTML, ${hydration} bytes of hydration data\n`);

  const targets = [
    { name: 'home page (page cache)', ours: `${app}/`, base: `${baseline}/index.html`, baseName: 'express.static' },
    { name: 'home page (rendered)', ours: `${rendering}/`, base: `${baseline}/index.html`, baseName: 'express.static' },
    { name: 'route data /_data/', ours: `${app}/_data/`, base: `${baseline}/data.json`, baseName: 'express.static' },
    // The targets: cold article ≥ 1.0× the floor, warm article ≥ 0.8× the static baseline.
    { name: 'article cold (cache off)', ours: `${rendering}${ARTICLE}`, base: `${floor}${ARTICLE}`, baseName: 'bare floor' },
    { name: 'article warm (page cache)', ours: `${app}${ARTICLE}`, base: `${baseline}/article.html`, baseName: 'express.static' },
  ];
  const samples = new Map<string, Array<{ result: LoadResult; cpuPerRequest: number }>>();
  const run = async (key: string, url: string) => {
    const pid = pidOf.get(new URL(url).origin);
    const cpuBefore = processCpuMs(pid);
    const result = await autocannon({ url, connections, duration });
    const cpuPerRequest = (processCpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
    samples.set(key, [...(samples.get(key) ?? []), { result, cpuPerRequest }]);
  };

  process.stdout.write(`warming up, then ${rounds} interleaved rounds of ${duration} s per target, ${connections} connections\n`);
  for (const t of targets) for (const url of [t.ours, t.base]) await autocannon({ url, connections, duration: 1 });
  for (let round = 1; round <= rounds; round++) {
    for (const t of targets) {
      await run(`${t.name}|ours`, t.ours);
      await run(`${t.name}|base`, t.base);
    }
    process.stdout.write(`round ${round}/${rounds} done\n`);
  }

  const stat = (key: string) => {
    const list = samples.get(key) ?? [];
    const of = (pick: (s: (typeof list)[number]) => number) => median(list.map(pick));
    return {
      rps: of((s) => s.result.requests.average),
      p50: of((s) => s.result.latency.p50),
      p99: of((s) => s.result.latency.p99),
      cpu: of((s) => s.cpuPerRequest),
    };
  };
  const rows = [['target', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req']];
  const ratios = [['target', 'vs', 'req/s ours/base', 'p50 ours/base', 'p99 ours/base', 'CPU ours/base']];
  for (const t of targets) {
    const ours = stat(`${t.name}|ours`);
    const base = stat(`${t.name}|base`);
    rows.push([t.name, 'vitrine', ours.rps.toFixed(0), ours.p50.toFixed(1), ours.p99.toFixed(1), ours.cpu.toFixed(3)]);
    rows.push([t.name, t.baseName, base.rps.toFixed(0), base.p50.toFixed(1), base.p99.toFixed(1), base.cpu.toFixed(3)]);
    const ratio = (key: 'rps' | 'p50' | 'p99' | 'cpu') => (ours[key] / base[key]).toFixed(2);
    ratios.push([t.name, t.baseName, ratio('rps'), ratio('p50'), ratio('p99'), ratio('cpu')]);
  }
  process.stdout.write(`\n${table(rows)}\n\n${table(ratios)}\n`);
}

await main().finally(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.stop()));
});
process.exit(0);
