/**
 * `npm run bench:images` (ADR 012, 035, 071): 2,000 distinct hostile variant requests at `/content-assets`, 50 at a time, from
 * a child at nice 19 (an attacker's CPU is not ours), while one autocannon connection times the article page. Linux only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { fnv1a } from '#shared/hash.ts';

import { ROOT } from '../../tests/e2e/support/server.ts';
import { autocannon, cpuMs, rssMb, startBenchServer } from './lib.ts';

import type { LoadResult } from './lib.ts';

const [ARTICLE, VARIANTS, CONCURRENCY] = ['/articles/behind-the-vitrine', 2000, 50];
// glibc's defaults for comparison: MALLOC_ARENA_MAX=16 MALLOC_MMAP_THRESHOLD_=33554432 (ADR 012).
const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072' };
const IMAGE_CONCURRENCY: Record<string, string> = process.env.IMAGE_CONCURRENCY ? { IMAGE_CONCURRENCY: process.env.IMAGE_CONCURRENCY } : {};

const assets = join(ROOT, 'content/assets');
const images = readdirSync(join(assets, 'images.ctfassets.net'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(jpe?g|png|webp|avif)$/i.test(entry.name))
  .map((entry) => `/content-assets/${relative(assets, join(entry.parentPath, entry.name)).split('/').map(encodeURIComponent).join('/')}`)
  .sort();

// Deterministic, so runs request the same URLs: every other one what an attacker who read the allow-list sends, the rest junk.
const ALLOWED = [
  [null, 16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840].map((w) => w && `w=${w}`),
  ['q=75'],
  ['fm=avif', 'fm=webp', 'fm=jpg', 'fm=png'],
];
const JUNK = [
  ['16', '64', '256', '384', '640', '750', '1080', '1200', '1920', '3840', '500', '4000', '0', '1e3', null].map((w) => w && `w=${w}`),
  ['75', '50', '80', '100', '0', 'x', null].map((q) => q && `q=${q}`),
  ['avif', 'webp', 'jpg', 'png', 'gif', 'jpeg', null].map((fm) => fm && `fm=${fm}`),
  [null, 'h=640', 'fit=thumb', 'h=16&fit=pad', 'fl=progressive', 'w=64'],
];
const variants = new Set<string>();
for (let i = 0; variants.size < VARIANTS; i++) {
  const query = (i % 2 ? ALLOWED : JUNK).map((values, k) => values[fnv1a(`${k}:${i}`) % values.length]).filter(Boolean);
  if (query.length) variants.add(`${images[fnv1a(`i${i}`) % images.length]}?${query.join('&')}`);
}

type Flood = { result: LoadResult; ok: string[]; cpuMs: number };
const statuses = ({ statusCodeStats, errors }: LoadResult) =>
  JSON.stringify({ ...Object.fromEntries(Object.entries(statusCodeStats).map(([code, { count }]) => [code, count])), errors });

/** Each URL once, CONCURRENCY at a time; `ok`: the URLs that answered 200. */
async function flood(base: string, urls: string[]): Promise<Flood> {
  const ok: string[] = [];
  let next = 0;
  const request = {
    setupRequest: (request: object, context: Record<string, string>) => ({ ...request, path: (context.url = urls[next++ % urls.length]!) }),
    onResponse: (status: number, _body: string, context: Record<string, string>) => void (status === 200 && ok.push(context.url!)),
  };
  const result = await autocannon({ url: base, connections: Math.min(CONCURRENCY, urls.length), amount: urls.length, requests: [request] });
  const { user, system } = process.cpuUsage();
  return { result, ok, cpuMs: (user + system) / 1000 };
}

/** Started through `nice`, not reniced later: nice is per thread, and V8's threads start first. */
function floodNiced(base: string, urls: string[]): Promise<Flood> {
  const child = spawn('nice', ['-n', '19', process.execPath, import.meta.filename, '--flood-child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send({ base, urls });
  return new Promise((done, fail) => {
    child.once('message', (flood) => done(flood as Flood));
    child.once('exit', (code) => fail(new Error(`flood child exited with ${code} before reporting`)));
  });
}

/** The article page, one request at a time, until `during` settles; this process does nothing else meanwhile. */
async function probePage<T>(base: string, during: Promise<T>): Promise<[T, string]> {
  const probe = autocannon({ url: `${base}${ARTICLE}`, connections: 1, duration: 3600 });
  const value = await during.finally(() => probe.stop());
  const { latency, requests, non2xx } = await probe;
  return [value, `${requests.total} requests, p50 ${latency.p50} ms, p99 ${latency.p99} ms${non2xx ? `, ${non2xx} not 2xx` : ''}`];
}
const s = (ms: number, digits = 1) => `${(ms / 1000).toFixed(digits)} s`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-images-'));
  const start = () => startBenchServer({ DATA_DIR: dataDir, ...ALLOCATOR_ENV, ...IMAGE_CONCURRENCY });
  let server = await start();
  try {
    const urls = [...variants];
    await autocannon({ url: `${server.url}${ARTICLE}`, connections: 1, amount: 50 });
    console.log(`page ${ARTICLE} alone: ${(await probePage(server.url, sleep(3000)))[1]}`);
    const before = rssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
    const allocator = Object.entries(ALLOCATOR_ENV).map(([k, v]) => `${k}=${v}`);
    console.log(`${urls.length} distinct variants of ${images.length} demo images, ${CONCURRENCY} at a time (${allocator.join(' ')}), flood client at nice 19`);

    const [cpuBefore, started] = [cpuMs(server.pid), performance.now()];
    const [hostile, page] = await probePage(server.url, floodNiced(server.url, urls));
    const [floodMs, serverMs] = [performance.now() - started, cpuMs(server.pid) - cpuBefore];
    await sleep(2000);
    clearInterval(sampler);
    const rate = (urls.length / (floodMs / 1000)).toFixed(0);
    console.log(`flood: ${s(floodMs)} (${rate} requests/s), server CPU ${s(serverMs)}, flood client CPU ${s(hostile.cpuMs)}`);
    const rss = `before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, 2 s after ${rssMb(server.pid).toFixed(0)} MB`;
    console.log(`statuses ${statuses(hostile.result)}; server RSS ${rss} (target < 400 MB)`);
    console.log(`page ${ARTICLE} during the flood: ${page} (target p99 < 50 ms)`);
    const [control, controlPage] = await probePage(server.url, floodNiced(server.url, Array<string>(urls.length).fill('/robots.txt')));
    console.log(`control, ${urls.length} requests for /robots.txt instead (statuses ${statuses(control.result)}): page ${controlPage}`);

    await server.stop();
    server = await start();
    const restartCpu = cpuMs(server.pid);
    const replay = hostile.ok.length ? statuses((await flood(server.url, hostile.ok)).result) : '-';
    const cpu = s(cpuMs(server.pid) - restartCpu, 2);
    console.log(`after a restart on the same DATA_DIR: ${hostile.ok.length} variants that answered 200 again, statuses ${replay}, server CPU ${cpu}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

if (process.argv.includes('--flood-child')) {
  process.once('message', async ({ base, urls }: { base: string; urls: string[] }) => process.send!(await flood(base, urls), () => process.disconnect()));
} else await main();
