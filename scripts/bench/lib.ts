/** What the benchmarks and audits share: load generation, a process's CPU and memory (Linux /proc), medians, tables, tools. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
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

/** User + system CPU time of a process in ms (proc(5): stat fields 14 and 15), NaN without /proc or the process. */
export function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
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
