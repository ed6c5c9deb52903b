/**
 * `npm run bench:images` (ADR 012): hostile variant requests at `/content-assets` while a worker times the article page. The
 * flood comes from a child at nice 19, as an attacker's CPU is not ours (ADR 035). Linux only (/proc, `nice`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

import pLimit from 'p-limit';

import { fnv1a } from '#shared/hash.ts';

import { ROOT } from '../../tests/e2e/support/server.ts';
import { quantile, sleep, startBenchServer, treeCpuMs, treeRssMb, wholeNumber } from './lib.ts';

const ARTICLE = '/articles/behind-the-vitrine';
const { values: args } = parseArgs({
  options: {
    variants: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '50' },
    'flood-child': { type: 'boolean', default: false },
  },
});
const concurrency = wholeNumber('concurrency', args.concurrency, 1000);
// glibc's defaults for comparison: MALLOC_ARENA_MAX=16 MALLOC_MMAP_THRESHOLD_=33554432 (ADR 012).
const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072' };

const WIDTHS = ['16', '64', '256', '384', '640', '750', '1080', '1200', '1920', '3840', '500', '4000', '0', '1e3', null];
const QUALITIES = ['75', '50', '80', '100', '0', 'x', null];
const FORMATS = ['avif', 'webp', 'jpg', 'png', 'gif', 'jpeg', null];
const EXTRAS = [null, 'h=640', 'fit=thumb', 'h=16&fit=pad', 'fl=progressive', 'w=64'];
const ALLOWED_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840];

function demoImages(): string[] {
  const assets = join(ROOT, 'content/assets');
  return readdirSync(join(assets, 'images.ctfassets.net'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(jpe?g|png|webp|avif)$/i.test(entry.name))
    .map((entry) => `/content-assets/${relative(assets, join(entry.parentPath, entry.name)).split('/').map(encodeURIComponent).join('/')}`)
    .sort();
}

/** Deterministic, so runs request the same URLs. */
const shuffle = (items: string[], seed: number) => items.sort((a, b) => fnv1a(seed + a) - fnv1a(seed + b));

/** Half what an attacker who read the allow-list sends, half junk. */
function hostileVariants(images: string[], count: number): string[] {
  const allowedAll = images.flatMap((image) =>
    [undefined, ...ALLOWED_WIDTHS].flatMap((w) => ['avif', 'webp', 'jpg', 'png'].map((fm) => `${image}?${w ? `w=${w}&` : ''}q=75&fm=${fm}`)),
  );
  const allowed = shuffle(allowedAll, 12).slice(0, Math.ceil(count / 2));
  const allowedSet = new Set(allowed);
  const junk: string[] = [];
  for (const image of images)
    for (const w of WIDTHS)
      for (const q of QUALITIES)
        for (const fm of FORMATS)
          for (const extra of EXTRAS) {
            const query = [w === null ? null : `w=${w}`, q === null ? null : `q=${q}`, fm === null ? null : `fm=${fm}`, extra].filter(Boolean).join('&');
            if (query && !allowedSet.has(`${image}?${query}`)) junk.push(`${image}?${query}`);
          }
  const rest = shuffle(junk, 12).slice(0, count - allowed.length);
  return shuffle([...allowed, ...rest], 13);
}

/** Each status, 0 for a network error. */
function flood(base: string, urls: string[]): Promise<number[]> {
  const limit = pLimit(concurrency);
  const request = async (url: string) => {
    const res = await fetch(`${base}${url}`, { redirect: 'manual' });
    await res.arrayBuffer();
    return res.status;
  };
  return Promise.all(urls.map((url) => limit(() => request(url).catch(() => 0))));
}

type FloodResult = { statuses: number[]; cpuMs: number };

/** Started through `nice`, not reniced later: nice is per thread, and V8's threads start first. */
function floodNiced(base: string, urls: string[]): Promise<FloodResult> {
  const argv = [process.execPath, import.meta.filename, '--flood-child', '--concurrency', String(concurrency)];
  const child = spawn('nice', ['-n', '19', ...argv], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((done, fail) => {
    let result: FloodResult | undefined;
    child.once('error', fail);
    child.on('message', (message: FloodResult) => (result = message));
    child.once('exit', (code) => (result ? done(result) : fail(new Error(`flood child exited with ${code} before reporting`))));
    child.send({ base, urls });
  });
}

const PAGE_LOOP = `
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

/** In a worker, so the flood does not delay its event loop. */
function startPageLoop(base: string): { stop(): Promise<number[]> } {
  const worker = new Worker(PAGE_LOOP, { eval: true, workerData: { url: `${base}${ARTICLE}` } });
  const result = new Promise<number[]>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  return { stop: async () => (worker.postMessage('stop'), await result.finally(() => worker.terminate())) };
}

const counts = (statuses: number[]) =>
  JSON.stringify(Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((x) => x === s).length])));
const latencyLine = (label: string, values: number[]) =>
  `${label}: ${values.length} requests, p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms`;
const print = (...lines: string[]) => process.stdout.write(`${lines.join('\n')}\n`);
const seconds = (ms: number, digits = 1) => `${(ms / 1000).toFixed(digits)} s`;

async function runScenario(images: string[], urls: string[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-images-'));
  const imageConcurrency: Record<string, string> = process.env.IMAGE_CONCURRENCY ? { IMAGE_CONCURRENCY: process.env.IMAGE_CONCURRENCY } : {};
  const start = () => startBenchServer({ DATA_DIR: dataDir, ...ALLOCATOR_ENV, ...imageConcurrency });
  let server = await start();
  try {
    print('flood from a child process at nice 19; page prober in a worker thread at normal priority');
    for (let i = 0; i < 50; i++) await (await fetch(`${server.url}${ARTICLE}`)).arrayBuffer();
    const quietLoop = startPageLoop(server.url);
    await sleep(3000);
    print(latencyLine(`page ${ARTICLE} alone`, await quietLoop.stop()));
    const before = treeRssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(server.pid))), 50);
    const allocator = Object.entries(ALLOCATOR_ENV).map(([k, v]) => `${k}=${v}`);
    print(`${urls.length} distinct variants of ${images.length} demo images, ${concurrency} at a time (${allocator.join(' ')})`);

    const [cpuBefore, started, pageLoop] = [treeCpuMs(server.pid), performance.now(), startPageLoop(server.url)];
    const { statuses, cpuMs: clientCpuMs } = await floodNiced(server.url, urls);
    const latencies = await pageLoop.stop();
    const [floodMs, cpuMs] = [performance.now() - started, treeCpuMs(server.pid) - cpuBefore];
    await sleep(2000);
    clearInterval(sampler);
    const rate = Math.round(urls.length / (floodMs / 1000));
    print(
      `flood: ${seconds(floodMs)} (${rate} requests/s), server CPU ${seconds(cpuMs)}, flood client CPU ${seconds(clientCpuMs)}, statuses ${counts(statuses)}`,
      `server RSS: before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, 2 s after ${treeRssMb(server.pid).toFixed(0)} MB (target < 400 MB)`,
      `${latencyLine(`page ${ARTICLE} during the flood`, latencies)} (target < 50 ms)`,
    );

    const [controlLoop, controlStarted] = [startPageLoop(server.url), performance.now()];
    const control = await floodNiced(server.url, Array<string>(urls.length).fill('/robots.txt'));
    const controlTime = seconds(performance.now() - controlStarted);
    print(
      `control, ${urls.length} requests for /robots.txt instead (${controlTime}, statuses ${counts(control.statuses)}): ` +
        latencyLine('page', await controlLoop.stop()),
    );

    await server.stop();
    server = await start();
    const rendered = urls.filter((_, i) => statuses[i] === 200);
    const restartCpu = treeCpuMs(server.pid);
    const replay = await flood(server.url, rendered);
    const replayCpu = seconds(treeCpuMs(server.pid) - restartCpu, 2);
    print(`after a restart on the same DATA_DIR: ${rendered.length} variants that answered 200 again, statuses ${counts(replay)}, server CPU ${replayCpu}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (args['flood-child']) {
  process.once('message', ({ base, urls }: { base: string; urls: string[] }) => {
    void flood(base, urls).then((statuses) => {
      const { user, system } = process.cpuUsage();
      process.send!({ statuses, cpuMs: (user + system) / 1000 } satisfies FloodResult, () => process.disconnect());
    });
  });
} else {
  const images = demoImages();
  await runScenario(images, hostileVariants(images, wholeNumber('variants', args.variants)));
  process.exit(0);
}
