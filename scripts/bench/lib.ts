/** What the benchmarks and audits share: load generation, a process's CPU and memory (Linux /proc), medians, tables, tools. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, homedir, loadavg } from 'node:os';
import { join } from 'node:path';

export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  requests?: Array<{ method: 'POST'; path: string; headers: Record<string, string>; body: string }>;
}
// autocannon ships no types; this is the slice of its API the benches use.
export const autocannon = createRequire(import.meta.url)('autocannon') as (options: LoadOptions) => Promise<LoadResult>;

/** Polls `url` until it answers 2xx; throws after `timeoutMs`. */
export async function waitUntilUp(url: string, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const up = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return;
    if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
  }
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** A /proc/<pid>/stat line (proc(5)): parent pid, own user + system ticks (fields 14, 15), reaped children's ticks (16, 17). */
export function parseStat(text: string): { pid: number; ppid: number; ownTicks: number; reapedTicks: number } {
  // The command name (field 2) may hold spaces and ')', so fields are counted from its last ')'.
  const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3]);
  return { pid: Number.parseInt(text, 10), ppid: at(4), ownTicks: at(14) + at(15), reapedTicks: at(16) + at(17) };
}

/** `root` and every process below it, given each process's parent. */
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
const allStats = () => readdirSync('/proc').flatMap((pid) => (/^\d+$/.test(pid) ? [readOrEmpty(`/proc/${pid}/stat`)] : []));

/** The processes of `pid`'s tree (a cluster primary and its workers), from /proc; [] without the process. */
export function processTree(pid: number | undefined): number[] {
  if (!pid || !existsSync(`/proc/${pid}`)) return [];
  return descendants(pid, allStats().filter(Boolean).map(parseStat));
}

/** User + system CPU time of a process in ms (proc(5): stat fields 14 and 15), NaN without /proc or the process. */
export function processCpuMs(pid: number | undefined): number {
  const stat = readOrEmpty(`/proc/${pid}/stat`);
  return stat ? (parseStat(stat).ownTicks * 1000) / CLOCK_TICKS : NaN;
}

/**
 * CPU time in ms of `pid` and all its descendants, live or exited: a worker that died is counted once its parent reaped it
 * (fields 16–17 of the parent). NaN without the process.
 */
export function treeCpuMs(pid: number | undefined): number {
  const stats = processTree(pid).map((p) => parseStat(readOrEmpty(`/proc/${p}/stat`)));
  const ticks = stats.reduce((sum, s) => sum + (s.ownTicks || 0) + (s.reapedTicks || 0), 0);
  return stats.length ? (ticks * 1000) / CLOCK_TICKS : NaN;
}

/** Resident set size in MB summed over `pid` and its descendants (shared pages count once per process, as `ps` shows them). */
export function treeRssMb(pid: number | undefined): number {
  const tree = processTree(pid);
  return tree.length ? tree.reduce((sum, p) => sum + (rssMb(p) || 0), 0) : NaN;
}

/** Resident set size of a process in MB, from /proc/<pid>/status. */
export function rssMb(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** The value at quantile `q` (0.5 = median) of `values`, by rank. */
export const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
export const median = (values: number[]) => quantile(values, 0.5);

/** Rows as aligned columns: the first `left` columns left-aligned (labels), the rest right-aligned; `rule` underlines the header. */
export function table(rows: string[][], left = 1, rule = false): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const lines = rows.map((r) => r.map((cell, i) => (i < left ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '));
  if (rule) lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  return lines.join('\n');
}

/** Rows as a GitHub markdown table (the first row is the header), to paste into docs/benchmarks.md. */
export const markdownTable = (rows: string[][]) =>
  rows.map((r, i) => `| ${r.join(' | ')} |${i === 0 ? `\n|${r.map(() => ' --- |').join('')}` : ''}`).join('\n');

/** When and where a bench ran: numbers from a shared machine mean little without its load. */
export const machineLine = () =>
  `${new Date().toISOString()} · node ${process.version} · ${availableParallelism()} cores · load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** `file` of a tool that is no project dependency, installed once (`--ignore-scripts`) into ~/.cache/vitrine/`dir`. */
export function cachedTool(dir: string, spec: string, file: string): string {
  const prefix = join(homedir(), '.cache', 'vitrine', dir);
  const path = join(prefix, 'node_modules', file);
  if (existsSync(path)) return path;
  process.stdout.write(`installing ${spec} into ${prefix} (once)\n`);
  spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--ignore-scripts', spec], { stdio: 'inherit' });
  if (!existsSync(path)) throw new Error(`could not install ${spec} into ${prefix}`);
  return path;
}
