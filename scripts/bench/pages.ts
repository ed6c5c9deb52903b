/**
 * `npm run bench`: our server warm (page cache hit) and cold (rendered per request) per --workers count, a bare React Router floor
 * (floor-server.ts) and express.static of the floor's HTML, interleaved (docs/benchmarks.md).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { freePort, ROOT } from '../../tests/e2e/support/server.ts';
import { machineLine, markdownTable, medians, runRounds, settle, startBenchServer, table, toTarget, treeRssMb, waitUntilUp, wholeNumber } from './lib.ts';

import type { ChildProcess } from 'node:child_process';
import type { RunningServer } from '../../tests/e2e/support/server.ts';
import type { Target } from './lib.ts';

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
const load = { duration: wholeNumber('duration', args.duration, 600), connections: wholeNumber('connections', args.connections, 1000) };
const rounds = wholeNumber('rounds', args.rounds, 50);
const workerCounts = [...new Set(args.workers.split(',').map((w) => wholeNumber('workers', w.trim(), 64)))];
if (!args.path.startsWith('/')) throw new Error(`--path must start with /, got "${args.path}"`);

/** `processes`: 1, or a cluster's primary + workers. */
type Page = Target & { processes: number; bytes: number; idleRss: number };
const toPage = (name: string, url: string, pid: number, processes = 1): Page => ({ ...toTarget(name, url, pid), processes, bytes: 0, idleRss: 0 });
type App = { workers: number; warm: Page; cold: Page };

const children: ChildProcess[] = [];
const servers: RunningServer[] = [];

async function startApp(name: string, workers: number, env: Record<string, string> = {}): Promise<Page> {
  const server = await startBenchServer({ WEB_CONCURRENCY: String(workers), ...env });
  servers.push(server);
  return toPage(name, `${server.url}${args.path}`, server.pid, workers > 1 ? workers + 1 : 1);
}

async function startChild(name: string, argv: (port: number) => string[], path: string): Promise<Page> {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' };
  const child = spawn(process.execPath, argv(port), { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const url = `http://127.0.0.1:${port}${path}`;
  await waitUntilUp(url);
  return toPage(name, url, child.pid ?? -1);
}

const STATIC_SERVER = `
import express from 'express';
const [dir, port] = process.argv.slice(1);
express().use(express.static(dir)).listen(Number(port), '127.0.0.1');
`;

async function main(): Promise<void> {
  const apps: App[] = [];
  for (const workers of workerCounts) {
    const suffix = workerCounts.length > 1 || workers > 1 ? ` ×${workers}` : '';
    const warm = await startApp(`warm${suffix} (page cache hit)`, workers);
    apps.push({ workers, warm, cold: await startApp(`cold${suffix} (rendered per request)`, workers, { PAGE_CACHE_MAX_BYTES: '0' }) });
  }
  const floor = await startChild('floor (bare React Router)', (port) => ['scripts/bench/floor-server.ts', String(port)], FLOOR_ARTICLE);
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  writeFileSync(join(dir, 'article.html'), await (await fetch(floor.url)).text());
  const staticArgv = (port: number) => ['--input-type=module', '-e', STATIC_SERVER, dir, String(port)];
  const statik = await startChild("express.static of the floor's HTML", staticArgv, '/article.html');
  const targets = [...apps.flatMap((a) => [a.warm, a.cold]), floor, statik];

  for (const t of targets) {
    const response = await fetch(t.url);
    if (!response.ok) throw new Error(`${t.url} answered ${response.status}`);
    t.bytes = (await response.arrayBuffer()).byteLength;
  }
  for (const t of targets) await settle(t.pid, t.processes);
  for (const t of targets) t.idleRss = treeRssMb(t.pid);

  process.stdout.write(`${machineLine()}\n`);
  process.stdout.write(
    `${args.path} (floor and static: ${FLOOR_ARTICLE}); ${rounds} interleaved rounds of ${load.duration} s, ${load.connections} connections\n`,
  );
  process.stdout.write('autocannon runs in this process on the same cores: "load gen" is its CPU per request, taken from the servers\' share\n');
  await runRounds(targets, { rounds, ...load });
  report(targets, apps, floor, statik);
}

function report(targets: Page[], apps: App[], floor: Page, statik: Page): void {
  const rows = [['server', 'HTML KB', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'load gen CPU ms/req', 'RSS idle → after load MB']];
  for (const t of targets) {
    const s = medians(t);
    const rss = `${t.idleRss.toFixed(0)} → ${t.peakRss.toFixed(0)}`;
    rows.push([t.name, (t.bytes / 1024).toFixed(1), s.rps.toFixed(0), s.p50.toFixed(1), s.p99.toFixed(1), s.cpu.toFixed(3), s.client.toFixed(3), rss]);
  }
  const ratios = [['ratio', 'CPU ms/req', 'req/s']];
  const ratio = (name: string, a: Page, b: Page) => {
    const [x, y] = [medians(a), medians(b)];
    ratios.push([name, (x.cpu / y.cpu).toFixed(2), (x.rps / y.rps).toFixed(2)]);
  };
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
