/** What the benches and posters share (ADR 035, 071): the production server, autocannon's typings, /proc figures, tables. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

import { ensureBuild, startServer } from '../../tests/e2e/support/server.ts';

import type { RunningServer } from '../../tests/e2e/support/server.ts';

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Per request; `context` is the connection's, so onResponse sees what setupRequest put there. */
  setupRequest?: (request: LoadRequest, context: Record<string, string>) => LoadRequest;
  onResponse?: (status: number, body: string, context: Record<string, string>) => void;
}
/** The part of autocannon's result the benches read (it ships no types). Latencies are whole milliseconds. */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type LoadOptions = { url: string; connections: number; duration?: number; amount?: number; requests?: LoadRequest[] };
/** Without `amount`, runs for `duration` seconds or until `stop()`. */
export const autocannon = createRequire(import.meta.url)('autocannon') as (options: LoadOptions) => PromiseLike<LoadResult> & { stop(): void };

/** The production build (built when missing), logging at info to /dev/null as it would to a collector. */
export function startBenchServer(env: Record<string, string> = {}): Promise<RunningServer> {
  ensureBuild();
  return startServer({ env: { LOG_LEVEL: 'info', ...env }, captureLogs: false });
}

/** `--env KEY=VALUE` options, for startBenchServer: the server sees no other variable of ours. */
export const envPairs = (pairs: string[] = []): Record<string, string> => Object.fromEntries(pairs.map((pair) => pair.split(/=(.*)/s, 2)));

export async function waitUntilUp(url: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await fetch(url).catch(() => undefined))?.ok; await sleep(100))
    if (Date.now() > deadline) throw new Error(`${url} did not come up within 30 s`);
}

const TICK_MS = 1000 / (Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100);
/** A process's user + system CPU: proc(5) fields 14 and 15, counted from the command name's last ") " (it may hold both). */
export const statCpuMs = (stat: string) => {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};
export const cpuMs = (pid: number) => statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

export const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
export const median = (values: number[]) => quantile(values, 0.5);

/** A markdown table, padded so it reads in a terminal too; the first `left` columns align left, the others right. */
export function table(rows: (string | number)[][], left = 1): string {
  const cells = rows.map((row) => row.map(String));
  const widths = (cells[0] ?? []).map((_, i) => Math.max(3, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => `| ${widths.map((w, i) => (i < left ? (row[i] ?? '').padEnd(w) : (row[i] ?? '').padStart(w))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i < left ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(cells[0] ?? []), rule, ...cells.slice(1).map(line)].join('\n');
}

/** Numbers from a shared machine mean little without its load. */
export const machineLine = () =>
  `${new Date().toISOString()} · node ${process.version} · ${availableParallelism()} cores · load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
