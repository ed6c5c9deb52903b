/**
 * Image-variant flood benchmark (`npm run bench:images`), issue 12 item 2.
 *
 * Starts the production server (dist/, built if missing) on a fresh DATA_DIR
 * and fires distinct hostile variant requests at `/content-assets` (half of
 * them allowed variants, each of which may cost a render, half combinations
 * of junk and allowed `w`, `q`, `fm`, `h`, `fit` values, across the demo
 * images, shuffled; `--variants` of them, `--concurrency` at a time) while a
 * worker thread requests the article page one request at a time. Prints the
 * server's RSS (from /proc) before, at its peak and after, the page's p50/p99
 * latency during the flood, status counts and the server CPU the flood cost;
 * as a control, the page's latency under as many requests for /robots.txt
 * (what any cheap request costs at that rate). Then restarts the server on
 * the same DATA_DIR and requests every variant that answered 200 again: from
 * the disk cache they cost no render. Targets: RSS below 400 MB and page p99
 * under 50 ms on 2 cores.
 *
 * Fairness: everything runs on one machine, but on the open internet the
 * attacker's CPU is not ours. Sent from this process, the flood's client
 * (undici, 50 requests in flight) took about as much CPU as the server, and
 * the page waited for the scheduler to get back from it: the control flood of
 * /robots.txt, which costs the server nearly nothing, gave the same page p99
 * (120-190 ms) as the image flood. So by default (`--fair=both`) each
 * scenario runs twice, on a fresh server and DATA_DIR each time: first with
 * the flood (and the control) sent from a child process at nice 19
 * (flood.ts), which gets a core only when the server and the prober leave one
 * idle, as if it ran on its own machine; then the old way, from this
 * process's main thread at normal priority, so the shared-CPU number stays in
 * view. The page prober always runs in a worker thread at normal priority (a
 * visitor's CPU is not ours either, but its one request at a time costs
 * little). `--fair=true` runs only the niced flood, `--fair=false` only the
 * shared one. Caveat: the flood is closed-loop (each of its 50 senders waits
 * for a response), so a niced client that gets no CPU sends less; the
 * flood's requests/s and the client's CPU are printed so that shows.
 *
 * The server runs with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072,
 * as in the Docker image (override through the environment), and passes
 * IMAGE_CONCURRENCY through. Linux only (/proc, `nice`). Options: --variants
 * <n> (default 2000), --concurrency <n> (default 50), --fair true|false|both.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

import { floodHere, floodNiced } from './flood.ts';
import { freePort, waitUntilUp } from './local-server.ts';
import { processCpuMs } from './process-cpu.ts';

import type { ChildProcess } from 'node:child_process';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTICLE = '/articles/behind-the-vitrine';
const { values: args } = parseArgs({
  options: {
    variants: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '50' },
    fair: { type: 'string', default: 'both' },
  },
});
const variantCount = Number(args.variants);
/**
 * glibc malloc settings as the Docker image sets them (Dockerfile, ADR 012). Compare with glibc's defaults
 * (8 arenas per core, a moving mmap threshold up to 32 MB): `MALLOC_ARENA_MAX=16 MALLOC_MMAP_THRESHOLD_=33554432`.
 */
const ALLOCATOR_ENV = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
};
const concurrency = Number(args.concurrency);

const WIDTHS = ['16', '64', '256', '384', '640', '750', '1080', '1200', '1920', '3840', '500', '4000', '0', '1e3', null];
const QUALITIES = ['75', '50', '80', '100', '0', 'x', null];
const FORMATS = ['avif', 'webp', 'jpg', 'png', 'gif', 'jpeg', null];
const EXTRAS = [null, 'h=640', 'fit=thumb', 'h=16&fit=pad', 'fl=progressive', 'w=64'];

/** Every transformable demo image, as its `/content-assets/…` path. */
function demoImages(): string[] {
  const assets = join(ROOT, 'content/assets');
  const paths: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(jpe?g|png|webp|avif)$/i.test(entry.name))
        paths.push(`/content-assets/${relative(assets, path).split('/').map(encodeURIComponent).join('/')}`);
    }
  };
  walk(join(assets, 'images.ctfassets.net'));
  return paths.sort();
}

/** Deterministic shuffle (mulberry32), so runs request the same URLs. */
function shuffle<T>(items: T[], seed = 12): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Every combination of the junk and allowed values above, per image: mostly junk. */
function junkVariants(images: string[]): string[] {
  const urls: string[] = [];
  for (const image of images)
    for (const w of WIDTHS)
      for (const q of QUALITIES)
        for (const fm of FORMATS)
          for (const extra of EXTRAS) {
            const query = [w === null ? null : `w=${w}`, q === null ? null : `q=${q}`, fm === null ? null : `fm=${fm}`, extra].filter(Boolean).join('&');
            if (query) urls.push(`${image}?${query}`);
          }
  return urls;
}

/** What an attacker who read the allow-list sends: every allowed width (and none) in every format, at q=75. */
function allowedVariants(images: string[]): string[] {
  const widths = [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840];
  return images.flatMap((image) =>
    [undefined, ...widths].flatMap((w) => ['avif', 'webp', 'jpg', 'png'].map((fm) => `${image}?${w ? `w=${w}&` : ''}q=75&fm=${fm}`)),
  );
}

/** `count` distinct URLs, half from the allowed variants (the ones that can cost a render), half junk, shuffled. */
function hostileVariants(images: string[], count: number): string[] {
  const allowed = shuffle(allowedVariants(images)).slice(0, Math.ceil(count / 2));
  const allowedSet = new Set(allowed);
  const junk = shuffle(junkVariants(images).filter((url) => !allowedSet.has(url))).slice(0, count - allowed.length);
  return shuffle([...allowed, ...junk], 13);
}

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    ...ALLOCATOR_ENV,
    ...(process.env.IMAGE_CONCURRENCY ? { IMAGE_CONCURRENCY: process.env.IMAGE_CONCURRENCY } : {}),
  };
  const child = spawn(process.execPath, ['dist/server/index.js'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/healthz`);
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return { url, child, stop };
}

/** Resident set size of a process in MB, from /proc/<pid>/status. */
function rssMb(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Requests the article page one at a time in a worker thread (its own event loop, so the flood's
 * responses in this one do not delay it) until `stop()`; resolves with each latency in ms.
 */
function startPageLoop(base: string): { stop(): Promise<number[]> } {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    let running = true;
    const latencies = [];
    parentPort.on('message', () => (running = false));
    (async () => {
      while (running) {
        const started = performance.now();
        const res = await fetch(workerData.url);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(workerData.url + ' answered ' + res.status);
        latencies.push(performance.now() - started);
      }
      parentPort.postMessage(latencies);
    })();
  `;
  const worker = new Worker(code, { eval: true, workerData: { url: `${base}${ARTICLE}` } });
  const result = new Promise<number[]>((done, fail) => {
    worker.once('message', (latencies: number[]) => done(latencies));
    worker.once('error', fail);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const latencies = await result;
      await worker.terminate();
      return latencies;
    },
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? NaN;
const counts = (statuses: number[]) => Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((x) => x === s).length]));

type FloodMode = 'niced' | 'shared';

/** Runs `urls` against the server in `mode`; the client's CPU is only known for the niced child. */
async function runFlood(mode: FloodMode, base: string, urls: string[]): Promise<{ statuses: number[]; clientCpuMs: number }> {
  if (mode === 'shared') return { statuses: await floodHere(base, urls, concurrency), clientCpuMs: NaN };
  const { statuses, cpuMs } = await floodNiced(base, urls, concurrency);
  return { statuses, clientCpuMs: cpuMs };
}

const describeFlood = (mode: FloodMode) =>
  mode === 'niced'
    ? "from a child process at nice 19 (the attacker's CPU is not ours)"
    : "from the bench's main thread at normal priority (flood, prober and server share the 2 cores)";
const latencyLine = (label: string, values: number[]) =>
  `${label}: ${values.length} requests, p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`;

/** One full run on a fresh server and DATA_DIR: the page alone, the image flood, the control flood, the replay after a restart. */
async function runScenario(mode: FloodMode, images: string[], urls: string[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-images-'));
  let server = await startServer(dataDir);
  try {
    process.stdout.write(`\n== flood ${describeFlood(mode)}; page prober in a worker thread at normal priority\n`);
    for (let i = 0; i < 50; i++) await (await fetch(`${server.url}${ARTICLE}`)).arrayBuffer();
    // The page alone first: what this machine gives without the flood (other load on the host shows here too).
    const quietLoop = startPageLoop(server.url);
    await new Promise((r) => setTimeout(r, 3000));
    process.stdout.write(`${latencyLine(`page ${ARTICLE} alone`, await quietLoop.stop())}\n`);
    const pid = server.child.pid;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const allocator = Object.entries(ALLOCATOR_ENV)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    process.stdout.write(`${urls.length} distinct variants of ${images.length} demo images, ${concurrency} at a time (${allocator})\n`);

    const cpuBefore = processCpuMs(pid);
    const started = performance.now();
    const pageLoop = startPageLoop(server.url);
    const { statuses, clientCpuMs } = await runFlood(mode, server.url, urls);
    const latencies = await pageLoop.stop();
    const floodMs = performance.now() - started;
    const cpuMs = processCpuMs(pid) - cpuBefore;
    await new Promise((r) => setTimeout(r, 2000));
    clearInterval(sampler);
    const after = rssMb(pid);
    const client = Number.isNaN(clientCpuMs) ? '' : `, flood client CPU ${(clientCpuMs / 1000).toFixed(1)} s`;
    process.stdout.write(
      [
        `flood: ${(floodMs / 1000).toFixed(1)} s (${Math.round(urls.length / (floodMs / 1000))} requests/s), server CPU ${(cpuMs / 1000).toFixed(1)} s${client}, ` +
          `statuses ${JSON.stringify(counts(statuses))}`,
        `server RSS: before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, 2 s after ${after.toFixed(0)} MB (target < 400 MB)`,
        `${latencyLine(`page ${ARTICLE} during the flood`, latencies)} (target < 50 ms)`,
      ].join('\n') + '\n',
    );

    // Control: as many cheap requests that have nothing to do with images, at the same concurrency, sent the same way.
    const controlLoop = startPageLoop(server.url);
    const controlStarted = performance.now();
    const control = await runFlood(
      mode,
      server.url,
      Array.from({ length: urls.length }, () => '/robots.txt'),
    );
    const controlMs = performance.now() - controlStarted;
    process.stdout.write(
      `control, ${urls.length} requests for /robots.txt instead (${(controlMs / 1000).toFixed(1)} s, statuses ${JSON.stringify(counts(control.statuses))}): ` +
        `${latencyLine('page', await controlLoop.stop())}\n`,
    );

    await server.stop();
    server = await startServer(dataDir);
    const rendered = urls.filter((_, i) => statuses[i] === 200);
    const restartCpu = processCpuMs(server.child.pid);
    const replay = await floodHere(server.url, rendered, concurrency);
    process.stdout.write(
      `after a restart on the same DATA_DIR: ${rendered.length} variants that answered 200 again, statuses ${JSON.stringify(counts(replay))}, ` +
        `server CPU ${((processCpuMs(server.child.pid) - restartCpu) / 1000).toFixed(2)} s\n`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!['true', 'false', 'both'].includes(args.fair)) throw new Error(`--fair must be true, false or both, not ${args.fair}`);
  if (!existsSync(join(ROOT, 'dist/server/index.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const images = demoImages();
  const urls = hostileVariants(images, variantCount);
  const modes: FloodMode[] = args.fair === 'both' ? ['niced', 'shared'] : args.fair === 'true' ? ['niced'] : ['shared'];
  for (const mode of modes) await runScenario(mode, images, urls);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
