/**
 * Page benchmark (`npm run bench`, or `node scripts/bench/pages.ts`).
 *
 * Starts the production server (embedded default; once more with the page
 * cache off, so the home page renders on every request) and, in another
 * process, a static-file baseline: `express.static` serving the same home page HTML
 * and `/_data/` JSON, saved once, plus the article page cold (cache off) against
 * a bare Express + renderToPipeableStream floor and warm against the static copy. This process drives both with autocannon,
 * interleaved round by round (load generator and servers share the cores, so
 * only ratios measured in the same run mean anything; BROWSER.md), and prints
 * requests/s, p50/p99 latency and server CPU ms per request (from /proc, Linux
 * only) per target with our/baseline ratios.
 * Options: --duration <s> per sample (default 5), --connections <n> (default
 * 10), --rounds <n> (default 3). Medians over rounds are reported.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { freePort, waitUntilUp } from './local-server.ts';
import { processCpuMs } from './process-cpu.ts';

import type { ChildProcess } from 'node:child_process';

interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
// autocannon ships no types; this is the slice of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: { url: string; connections: number; duration: number }) => Promise<LoadResult>;

const ROOT = resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);

const children: ChildProcess[] = [];
/** Server process per base URL, to read its CPU time around each sample. */
const pidOf = new Map<string, number>();

/** Our production server, logging at info to /dev/null as it would to a collector. */
async function startApp(extraEnv: Record<string, string> = {}): Promise<string> {
  if (!existsSync(join(ROOT, 'dist/server/index.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['dist/server/index.js'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  pidOf.set(url, child.pid ?? -1);
  await waitUntilUp(`${url}/healthz`);
  return url;
}

const BASELINE_SERVER = `
import express from 'express';
const [dir, port] = process.argv.slice(1);
const app = express();
app.use(express.static(dir));
app.listen(Number(port), '127.0.0.1');
`;

/** The baseline: the same bytes from disk through express.static, in its own process. */
async function startBaseline(files: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', BASELINE_SERVER, dir, String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  pidOf.set(url, child.pid ?? -1);
  await waitUntilUp(`${url}/index.html`);
  return url;
}

/** The floor: same bundle and content stack, bare Express + renderToPipeableStream (scripts/bench/floor-server.ts). */
async function startFloor(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/bench/floor-server.ts', String(port)], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  pidOf.set(url, child.pid ?? -1);
  await waitUntilUp(`${url}${ARTICLE}`);
  return url;
}

const ARTICLE = '/articles/behind-the-vitrine';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const app = await startApp();
  // The same build with the page cache off: every request renders (loaders from the content cache, then React).
  const rendering = await startApp({ PAGE_CACHE_MAX_BYTES: '0' });
  const home = await fetch(`${app}/`);
  const data = await fetch(`${app}/_data/`);
  if (!home.ok || !data.ok) throw new Error(`warm-up requests failed: / ${home.status}, /_data/ ${data.status}`);
  const article = await (await fetch(`${app}${ARTICLE}`)).text();
  const baseline = await startBaseline({ 'index.html': await home.text(), 'data.json': await data.text(), 'article.html': article });
  const floor = await startFloor();
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
  interface Sample {
    result: LoadResult;
    cpuPerRequest: number;
  }
  const samples = new Map<string, Sample[]>();
  const run = async (key: string, url: string, seconds: number) => {
    const pid = pidOf.get(new URL(url).origin);
    const cpuBefore = processCpuMs(pid);
    const result = await autocannon({ url, connections, duration: seconds });
    const cpuPerRequest = (processCpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
    samples.set(key, [...(samples.get(key) ?? []), { result, cpuPerRequest }]);
  };

  process.stdout.write(`warming up, then ${rounds} interleaved rounds of ${duration} s per target, ${connections} connections\n`);
  for (const t of targets) {
    await autocannon({ url: t.ours, connections, duration: 1 });
    await autocannon({ url: t.base, connections, duration: 1 });
  }
  for (let round = 1; round <= rounds; round++) {
    for (const t of targets) {
      await run(`${t.name}|ours`, t.ours, duration);
      await run(`${t.name}|base`, t.base, duration);
    }
    process.stdout.write(`round ${round}/${rounds} done\n`);
  }

  const stat = (key: string) => {
    const list = samples.get(key) ?? [];
    return {
      rps: median(list.map((s) => s.result.requests.average)),
      p50: median(list.map((s) => s.result.latency.p50)),
      p99: median(list.map((s) => s.result.latency.p99)),
      cpu: median(list.map((s) => s.cpuPerRequest)),
    };
  };
  const rows = [['target', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req']];
  const ratios = [['target', 'vs', 'req/s ours/base', 'p50 ours/base', 'p99 ours/base', 'CPU ours/base']];
  for (const t of targets) {
    const ours = stat(`${t.name}|ours`);
    const base = stat(`${t.name}|base`);
    rows.push([t.name, 'vitrine', ours.rps.toFixed(0), ours.p50.toFixed(1), ours.p99.toFixed(1), ours.cpu.toFixed(3)]);
    rows.push([t.name, t.baseName, base.rps.toFixed(0), base.p50.toFixed(1), base.p99.toFixed(1), base.cpu.toFixed(3)]);
    ratios.push([
      t.name,
      t.baseName,
      (ours.rps / base.rps).toFixed(2),
      (ours.p50 / base.p50).toFixed(2),
      (ours.p99 / base.p99).toFixed(2),
      (ours.cpu / base.cpu).toFixed(2),
    ]);
  }
  process.stdout.write(`\n${table(rows)}\n\n${table(ratios)}\n`);
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}

function stopChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

main().then(
  () => {
    stopChildren();
    process.exit(0);
  },
  (error: unknown) => {
    stopChildren();
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
