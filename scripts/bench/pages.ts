/**
 * `npm run bench [-- --duration <s>] [--connections <n>] [--rounds <n>] [--workers <n>[,<n>…]] [--path <page>]` (defaults 5, 10, 3, 1,
 * the article): one interleaved run of our production server warm (page cache hit) and cold (PAGE_CACHE_MAX_BYTES=0, rendered per
 * request) per WEB_CONCURRENCY, a bare React Router floor (floor-server.ts) and express.static of the floor's HTML. Medians of
 * req/s, p50/p99, server CPU/request (a cluster's primary and workers summed), RSS idle → after load; ratios; a markdown table.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { ensureBuild, freePort, ROOT, startServer } from '../../tests/e2e/support/server.ts';
import { autocannon, machineLine, markdownTable, median, processTree, table, treeCpuMs, treeRssMb, waitUntilUp } from './lib.ts';

import type { ChildProcess } from 'node:child_process';
import type { RunningServer } from '../../tests/e2e/support/server.ts';
import type { LoadResult } from './lib.ts';

const FLOOR_ARTICLE = '/articles/behind-the-vitrine';
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    workers: { type: 'string', default: '1' },
    path: { type: 'string', default: FLOOR_ARTICLE },
  },
});
const positive = (name: string, value: string, max: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be a whole number from 1 to ${max}, got "${value}"`);
  return n;
};
const duration = positive('duration', args.duration, 600);
const connections = positive('connections', args.connections, 1000);
const rounds = positive('rounds', args.rounds, 50);
const workerCounts = [...new Set(args.workers.split(',').map((w) => positive('workers', w.trim(), 64)))];
if (!args.path.startsWith('/')) throw new Error(`--path must start with /, got "${args.path}"`);

const children: ChildProcess[] = [];
const servers: RunningServer[] = [];

interface Target {
  name: string;
  url: string;
  pid: number;
  /** Processes expected once started: 1, or a cluster's primary + workers. */
  processes: number;
  bytes?: number;
  idleRss?: number;
  loadRss?: number;
  samples: Array<{ result: LoadResult; cpuPerRequest: number; clientCpuPerRequest: number }>;
}

/** Waits until `pid`'s tree has `processes` processes and has stopped working (start-up done: search index, model checks). */
async function settle(pid: number, processes: number): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const before = treeCpuMs(pid);
    await new Promise((r) => setTimeout(r, 500));
    if (processTree(pid).length >= processes && treeCpuMs(pid) - before < 25) return;
  }
  process.stdout.write(`warning: process ${pid} did not settle within 60 s; idle RSS is taken anyway\n`);
}

async function startApp(name: string, workers: number, env: Record<string, string> = {}): Promise<Target> {
  // Logging at info to /dev/null as it would to a collector.
  const server = await startServer({ env: { LOG_LEVEL: 'info', WEB_CONCURRENCY: String(workers), ...env }, captureLogs: false });
  servers.push(server);
  return { name, url: `${server.url}${args.path}`, pid: server.pid, processes: workers > 1 ? workers + 1 : 1, samples: [] };
}

/** A node child (floor or static) in production mode on a free port, up once `path` answers. */
async function startChild(name: string, argv: (port: number) => string[], path: string): Promise<Target> {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' };
  const child = spawn(process.execPath, argv(port), { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const url = `http://127.0.0.1:${port}${path}`;
  await waitUntilUp(url);
  return { name, url, pid: child.pid ?? -1, processes: 1, samples: [] };
}

const STATIC_SERVER = `
import express from 'express';
const [dir, port] = process.argv.slice(1);
express().use(express.static(dir)).listen(Number(port), '127.0.0.1');
`;

async function sample(target: Target): Promise<void> {
  const cpuBefore = treeCpuMs(target.pid);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ url: target.url, connections, duration });
  const client = process.cpuUsage(clientBefore);
  const requests = Math.max(1, result.requests.total);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  const cpuPerRequest = (treeCpuMs(target.pid) - cpuBefore) / requests;
  target.samples.push({ result, cpuPerRequest, clientCpuPerRequest: (client.user + client.system) / 1000 / requests });
  target.loadRss = Math.max(target.loadRss ?? 0, treeRssMb(target.pid));
}

async function main(): Promise<void> {
  ensureBuild();
  const apps: Array<{ workers: number; warm: Target; cold: Target }> = [];
  for (const workers of workerCounts) {
    const suffix = workerCounts.length > 1 || workers > 1 ? ` ×${workers}` : '';
    apps.push({
      workers,
      warm: await startApp(`warm${suffix} (page cache hit)`, workers),
      cold: await startApp(`cold${suffix} (rendered per request)`, workers, { PAGE_CACHE_MAX_BYTES: '0' }),
    });
  }
  const floor = await startChild('floor (bare React Router)', (port) => ['scripts/bench/floor-server.ts', String(port)], FLOOR_ARTICLE);
  const floorHtml = await (await fetch(floor.url)).text();
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  writeFileSync(join(dir, 'article.html'), floorHtml);
  const statik = await startChild(
    "express.static of the floor's HTML",
    (port) => ['--input-type=module', '-e', STATIC_SERVER, dir, String(port)],
    '/article.html',
  );
  const targets = [...apps.flatMap((a) => [a.warm, a.cold]), floor, statik];

  for (const t of targets) {
    const response = await fetch(t.url);
    if (!response.ok) throw new Error(`${t.url} answered ${response.status}`);
    t.bytes = (await response.arrayBuffer()).byteLength;
  }
  for (const t of targets) await settle(t.pid, t.processes);
  for (const t of targets) t.idleRss = treeRssMb(t.pid);

  process.stdout.write(`${machineLine()}\n`);
  process.stdout.write(`${args.path} (floor and static: ${FLOOR_ARTICLE}); ${rounds} interleaved rounds of ${duration} s, ${connections} connections\n`);
  process.stdout.write('autocannon runs in this process on the same cores: "load gen" is its CPU per request, taken from the servers\' share\n');
  for (const t of targets) await autocannon({ url: t.url, connections, duration: 1 });
  for (let round = 1; round <= rounds; round++) {
    for (const t of round % 2 ? targets : [...targets].reverse()) await sample(t);
    process.stdout.write(`round ${round}/${rounds} done, load average ${machineLine().split('load average ')[1]}\n`);
  }
  report(targets, apps, floor, statik);
}

function report(targets: Target[], apps: Array<{ workers: number; warm: Target; cold: Target }>, floor: Target, statik: Target): void {
  const stat = (t: Target) => {
    const of = (pick: (s: Target['samples'][number]) => number) => median(t.samples.map(pick));
    return {
      rps: of((s) => s.result.requests.average),
      p50: of((s) => s.result.latency.p50),
      p99: of((s) => s.result.latency.p99),
      cpu: of((s) => s.cpuPerRequest),
      client: of((s) => s.clientCpuPerRequest),
    };
  };
  const rows = [['server', 'HTML KB', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'load gen CPU ms/req', 'RSS idle → after load MB']];
  for (const t of targets) {
    const s = stat(t);
    const rss = `${(t.idleRss ?? NaN).toFixed(0)} → ${(t.loadRss ?? NaN).toFixed(0)}`;
    const kb = ((t.bytes ?? 0) / 1024).toFixed(1);
    rows.push([t.name, kb, s.rps.toFixed(0), s.p50.toFixed(1), s.p99.toFixed(1), s.cpu.toFixed(3), s.client.toFixed(3), rss]);
  }
  const ratios = [['ratio', 'CPU ms/req', 'req/s']];
  const ratio = (name: string, a: Target, b: Target) => ratios.push([name, (stat(a).cpu / stat(b).cpu).toFixed(2), (stat(a).rps / stat(b).rps).toFixed(2)]);
  for (const { workers, warm, cold } of apps) {
    const suffix = apps.length > 1 || workers > 1 ? ` ×${workers}` : '';
    ratio(`cold${suffix} / floor`, cold, floor);
    ratio(`warm${suffix} / static`, warm, statik);
  }
  const [first, ...others] = apps;
  for (const other of first ? others : []) {
    ratio(`warm ×${other.workers} / warm ×${first!.workers}`, other.warm, first!.warm);
    ratio(`cold ×${other.workers} / cold ×${first!.workers}`, other.cold, first!.cold);
  }
  process.stdout.write(`\n${table(rows)}\n\n${table(ratios)}\n\nMarkdown:\n\n${markdownTable(rows)}\n\n${markdownTable(ratios)}\n`);
}

await main().finally(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.stop()));
});
process.exit(0);
