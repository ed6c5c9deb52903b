import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, homedir, loadavg } from 'node:os';
import { join } from 'node:path';

import { ensureBuild, ROOT, startServer } from '../../tests/e2e/support/server.ts';

import type { RunningServer } from '../../tests/e2e/support/server.ts';

export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
// autocannon ships no types.
export const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests?: LoadRequest[];
}) => Promise<LoadResult>;

/** Logs at info to /dev/null, as it would to a collector. */
export function startBenchServer(env: Record<string, string> = {}, root = ROOT): Promise<RunningServer> {
  ensureBuild(root);
  return startServer({ root, env: { LOG_LEVEL: 'info', ...env }, captureLogs: false });
}

export async function waitUntilUp(url: string, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return;
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function wholeNumber(name: string, value: string | undefined, max = 1_000_000): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be a whole number from 1 to ${max}, got "${value}"`);
  return n;
}

export function envPairs(pairs: string[] = []): Record<string, string> {
  const entries = pairs.map((pair) => {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/s.exec(pair);
    if (!match) throw new Error(`environment options take KEY=VALUE, not "${pair}"`);
    return [match[1], match[2]];
  });
  return Object.fromEntries(entries);
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** A /proc/<pid>/stat line (proc(5)): parent pid, own user + system ticks (fields 14, 15), reaped children's ticks (16, 17). */
export function parseStat(text: string): { pid: number; ppid: number; ownTicks: number; reapedTicks: number } {
  // The command name (field 2) may hold spaces and ')', so fields are counted from its last ')'.
  const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3]);
  return { pid: Number.parseInt(text, 10), ppid: at(4), ownTicks: at(14) + at(15), reapedTicks: at(16) + at(17) };
}

export function descendants(root: number, parents: Array<{ pid: number; ppid: number }>): number[] {
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const p of parents) if (p.ppid === tree[i]) tree.push(p.pid);
  return tree;
}

const readOrEmpty = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

export function processTree(pid: number | undefined): number[] {
  if (!pid || !existsSync(`/proc/${pid}`)) return [];
  const stats = readdirSync('/proc').flatMap((p) => (/^\d+$/.test(p) ? [readOrEmpty(`/proc/${p}/stat`)] : []));
  return descendants(pid, stats.filter(Boolean).map(parseStat));
}

/** Counts exited workers too, once their parent reaped them (fields 16–17). */
export function treeCpuMs(pid: number | undefined): number {
  const stats = processTree(pid).map((p) => parseStat(readOrEmpty(`/proc/${p}/stat`)));
  const ticks = stats.reduce((sum, s) => sum + (s.ownTicks || 0) + (s.reapedTicks || 0), 0);
  return stats.length ? (ticks * 1000) / CLOCK_TICKS : NaN;
}

/** Shared pages count once per process, as `ps` shows them. */
export function treeRssMb(pid: number | undefined): number {
  const rss = (p: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readOrEmpty(`/proc/${p}/status`))?.[1] ?? 0) / 1024;
  const tree = processTree(pid);
  return tree.length ? tree.reduce((sum, p) => sum + rss(p), 0) : NaN;
}

/** Waits until start-up work (search index, model checks) is done. */
export async function settle(pid: number, processes: number): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const before = treeCpuMs(pid);
    await sleep(500);
    if (processTree(pid).length >= processes && treeCpuMs(pid) - before < 25) return;
  }
  process.stdout.write(`warning: process ${pid} did not settle within 60 s; idle RSS is taken anyway\n`);
}

export interface Target {
  name: string;
  url: string;
  pid: number;
  samples: Sample[];
  peakRss: number;
}
/** `cpu`: the server tree's CPU ms per request; `client`: this process's (the load generator). */
export type Sample = { rps: number; p50: number; p99: number; cpu: number; client: number };

export const toTarget = (name: string, url: string, pid: number): Target => ({ name, url, pid, samples: [], peakRss: 0 });

async function sample(target: Target, connections: number, duration: number): Promise<void> {
  const [cpuBefore, clientBefore] = [treeCpuMs(target.pid), process.cpuUsage()];
  const result = await autocannon({ url: target.url, connections, duration });
  const client = process.cpuUsage(clientBefore);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  const requests = Math.max(1, result.requests.total);
  const [rps, { p50, p99 }] = [result.requests.average, result.latency];
  target.samples.push({ rps, p50, p99, cpu: (treeCpuMs(target.pid) - cpuBefore) / requests, client: (client.user + client.system) / 1000 / requests });
  target.peakRss = Math.max(target.peakRss, treeRssMb(target.pid));
}

/** Each round in the opposite order of the last, so outside load hits all alike. */
export async function runRounds(targets: Target[], { rounds, duration, connections }: { rounds: number; duration: number; connections: number }) {
  for (const t of targets) await autocannon({ url: t.url, connections, duration: 2 });
  for (let round = 1; round <= rounds; round++) {
    for (const t of round % 2 ? targets : [...targets].reverse()) await sample(t, connections, duration);
    process.stdout.write(`round ${round}/${rounds} done, load average ${machineLine().split('load average ')[1]}\n`);
  }
}

export function medians({ samples }: Target): Sample {
  const of = (key: keyof Sample) => median(samples.map((s) => s[key]));
  return { rps: of('rps'), p50: of('p50'), p99: of('p99'), cpu: of('cpu'), client: of('client') };
}

export const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
export const median = (values: number[]) => quantile(values, 0.5);

export function table(rows: string[][], left = 1, rule = false): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const lines = rows.map((r) => r.map((cell, i) => (i < left ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '));
  if (rule) lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  return lines.join('\n');
}

export const markdownTable = (rows: string[][]) =>
  rows.map((r, i) => `| ${r.join(' | ')} |${i === 0 ? `\n|${r.map(() => ' --- |').join('')}` : ''}`).join('\n');

/** Numbers from a shared machine mean little without its load. */
export const machineLine = () =>
  `${new Date().toISOString()} · node ${process.version} · ${availableParallelism()} cores · load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** A tool that is no project dependency, installed once into ~/.cache/vitrine/`dir`. */
export function cachedTool(dir: string, spec: string, file: string): string {
  const prefix = join(homedir(), '.cache', 'vitrine', dir);
  const path = join(prefix, 'node_modules', file);
  if (existsSync(path)) return path;
  process.stdout.write(`installing ${spec} into ${prefix} (once)\n`);
  spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--ignore-scripts', spec], { stdio: 'inherit' });
  if (!existsSync(path)) throw new Error(`could not install ${spec} into ${prefix}`);
  return path;
}
