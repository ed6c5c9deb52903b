/**
 * `npm run bench [-- --path <page>] [--env KEY=VALUE …] [--rounds 3] [--duration 5] [--connections 10]`: our server warm (page-cache
 * hit) and cold (rendered per request), a bare React Router floor (floor-server.ts) and express.static of the floor's HTML,
 * interleaved round by round (docs/benchmarks.md, ADR 035 and 071). Two builds or settings: the same command in each checkout
 * or with each `--env`, compared by the ratios to the floor and static of its own run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { freePort } from '../../tests/e2e/support/server.ts';
import { autocannon, cpuMs, envPairs, machineLine, median, rssMb, startBenchServer, table, waitUntilUp } from './lib.ts';

const ARTICLE = '/articles/behind-the-vitrine';
const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: ARTICLE },
    env: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const [rounds, duration, connections] = [Number(args.rounds), Number(args.duration), Number(args.connections)];

/** `cpu`: the server's CPU ms per request; `client`: this process's, the load generator's. */
type Sample = { rps: number; p50: number; p99: number; cpu: number; client: number };
type Target = { name: string; url: string; pid: number; stop: () => unknown; bytes: number; idleRss: number; peakRss: number; samples: Sample[] };
const targets: Target[] = [];
const add = (name: string, url: string, pid: number, stop: () => unknown) =>
  targets.push({ name, url, pid, stop, bytes: 0, idleRss: 0, peakRss: 0, samples: [] });

async function startApp(name: string, env: Record<string, string> = {}): Promise<void> {
  const server = await startBenchServer({ ...envPairs(args.env), ...env });
  add(name, `${server.url}${args.path}`, server.pid, () => server.stop());
}

/** With NODE_ENV=production: React picks its build from it. The port is the last argument. */
async function startChild(name: string, path: string, argv: string[]): Promise<void> {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production' };
  const child = spawn(process.execPath, [...argv, String(port)], { cwd: import.meta.dirname, env, stdio: ['ignore', 'ignore', 'inherit'] });
  add(name, `http://127.0.0.1:${port}${path}`, child.pid ?? -1, () => child.kill());
  await waitUntilUp(`http://127.0.0.1:${port}${path}`);
}
const STATIC_SERVER = `import express from 'express';
const [dir, port] = process.argv.slice(1);
express().use(express.static(dir)).listen(Number(port), '127.0.0.1');`;

/** Idle RSS once start-up work (search index, model checks) is over: under 5 % of a core for 500 ms. */
async function settle(pid: number): Promise<void> {
  for (let tries = 0; tries < 120; tries++) {
    const before = cpuMs(pid);
    await sleep(500);
    if (cpuMs(pid) - before < 25) return;
  }
}

async function sample(t: Target): Promise<void> {
  const [serverBefore, clientBefore] = [cpuMs(t.pid), process.cpuUsage()];
  const r = await autocannon({ url: t.url, connections, duration });
  const { user, system } = process.cpuUsage(clientBefore);
  if (r.non2xx || r.errors) throw new Error(`${t.url}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts)`);
  const requests = Math.max(1, r.requests.total);
  const [cpu, client] = [(cpuMs(t.pid) - serverBefore) / requests, (user + system) / 1000 / requests];
  t.samples.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu, client });
  t.peakRss = Math.max(t.peakRss, rssMb(t.pid));
}

try {
  await startApp('warm (page-cache hit)');
  await startApp('cold (rendered per request)', { PAGE_CACHE_MAX_BYTES: '0' });
  await startChild('floor (bare React Router)', ARTICLE, ['floor-server.ts']);
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  writeFileSync(join(dir, 'article.html'), await (await fetch(targets[2]!.url)).text());
  await startChild("express.static of the floor's HTML", '/article.html', ['--input-type=module', '-e', STATIC_SERVER, dir]);
  for (const t of targets) t.bytes = (await (await fetch(t.url)).arrayBuffer()).byteLength;
  for (const t of targets) await settle(t.pid);
  for (const t of targets) t.idleRss = rssMb(t.pid);

  console.log(`${machineLine()}\n${args.path} (floor and static: ${ARTICLE}); ${rounds} interleaved rounds of ${duration} s, ${connections} connections`);
  console.log('autocannon runs in this process on the same cores: "load gen" is its CPU per request, taken from the servers\' share');
  for (const t of targets) await autocannon({ url: t.url, connections, duration: 2 });
  for (let round = 1; round <= rounds; round++) {
    for (const t of round % 2 ? targets : [...targets].reverse()) await sample(t);
    console.log(`round ${round}/${rounds} done, load average ${machineLine().split('load average ')[1]}`);
  }

  const of = (t: Target, key: keyof Sample) => median(t.samples.map((s) => s[key]));
  const header = ['server', 'HTML', 'req/s', 'p50 / p99', 'server CPU per request', 'load gen CPU per request', 'RSS idle → after load'];
  const rows = targets.map((t) => [
    t.name,
    `${(t.bytes / 1024).toFixed(1)} KB`,
    of(t, 'rps').toFixed(0),
    `${of(t, 'p50')} / ${of(t, 'p99')} ms`,
    `${of(t, 'cpu').toFixed(3)} ms`,
    `${of(t, 'client').toFixed(3)} ms`,
    `${t.idleRss.toFixed(0)} → ${t.peakRss.toFixed(0)} MB`,
  ]);
  const [warm, cold, floor, statik] = targets as [Target, Target, Target, Target];
  const ratio = (name: string, a: Target, b: Target) => [name, (of(a, 'cpu') / of(b, 'cpu')).toFixed(2), (of(a, 'rps') / of(b, 'rps')).toFixed(2)];
  const ratios = [['ratio', 'CPU per request', 'req/s'], ratio('cold / floor', cold, floor), ratio('warm / static', warm, statik)];
  console.log(`\n${table([header, ...rows])}\n\n${table(ratios)}`);
} finally {
  await Promise.all(targets.map((t) => t.stop()));
}
process.exit(0);
