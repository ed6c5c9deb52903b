/**
 * `npm run bench:memory [-- --duration 60] [--connections 200] [--only <kind>] [--env KEY=VALUE …]`: the server's memory idle
 * and under a mix of pages, route data, search and cached images (docs/memory.md). `--only` shows which kind drives the peak.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { autocannon, envPairs, machineLine, rssMb, startBenchServer, table, waitUntilUp } from './lib.ts';

import type { LoadRequest } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    only: { type: 'string' },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const [duration, connections] = [Number(args.duration), Number(args.connections)];

const PAGES = ['/', '/de/', '/articles', '/models', '/search?q=lamp', '/de/search?q=leuchte'];
const ARTICLES = ['behind-the-vitrine', 'a-winter-week-in-the-workshop', 'recycled-aluminium-and-honest-numbers', 'scale-without-a-ruler'];
const MODELS = ['halo-pendant', 'kerf-dining-table', 'ostra-lounge-chair', 'pivot-desk-lamp', 'tide-vase'];
const SEARCHES = [...['lamp', 'chiar', 'desk lamp', 'aluminium', 'vase'].map((q) => ['vitrine_en-US', q]), ['vitrine_de-DE', 'leuchte']];

type Request = LoadRequest & { kind: 'search-pages' | 'pages' | 'data' | 'images' | 'search' };
type Probe = { heapTotal: number; heapUsed: number; external: number; heapLimit: number };
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

async function requestMix(origin: string): Promise<Request[]> {
  const paths = [...PAGES, ...ARTICLES.map((slug) => `/articles/${slug}`), ...MODELS.map((slug) => `/models/${slug}`)];
  const html = await (await fetch(`${origin}/articles/${ARTICLES[0]}`)).text();
  const images = [...new Set([...html.matchAll(/(\/content-assets\/[^"\s]+?)(?:\s|")/g)].map((m) => m[1]!.replaceAll('&amp;', '&')))].slice(0, 6);
  const search = ([indexName, query]: string[]): Request => ({
    method: 'POST',
    kind: 'search',
    path: '/1/indexes/*/queries',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ requests: [{ indexName, query, hitsPerPage: 8 }] }),
  });
  return [
    ...paths.map((path): Request => ({ method: 'GET', path, kind: path.includes('/search?') ? 'search-pages' : 'pages' })),
    ...paths.filter((path) => !path.startsWith('/de/')).map((path): Request => ({ method: 'GET', path: `/_data${path}`, kind: 'data' })),
    ...images.map((path): Request => ({ method: 'GET', path, kind: 'images' })),
    ...SEARCHES.map(search),
  ];
}

const dir = mkdtempSync(join(tmpdir(), 'vitrine-memory-'));
const probeFile = join(dir, 'probe.json');
const probe = join(import.meta.dirname, 'memory-probe.ts');
const server = await startBenchServer({ NODE_OPTIONS: `--import=${probe}`, MEMORY_PROBE_FILE: probeFile, ...envPairs(args.env) });
/** The probe renames its file into place, so a reader never sees half of one. */
const measure = () => ({ rss: rssMb(server.pid), probe: existsSync(probeFile) ? (JSON.parse(readFileSync(probeFile, 'utf8')) as Probe) : undefined });
try {
  await waitUntilUp(`${server.url}/readyz`);
  await sleep(10_000);
  const started = measure();
  const mix = await requestMix(server.url);
  for (const { method, path, headers, body } of mix) {
    const response = await fetch(`${server.url}${path}`, { method, headers, body });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
    await response.arrayBuffer();
  }
  await sleep(10_000);
  const idle = measure();

  const peak = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0 };
  const sampler = setInterval(() => {
    const { rss, probe } = measure();
    peak.rss = Math.max(peak.rss, rss);
    for (const key of ['heapUsed', 'heapTotal', 'external'] as const) peak[key] = Math.max(peak[key], probe?.[key] ?? 0);
  }, 250);
  const requests = mix.filter((request) => !args.only || request.kind === args.only).map(({ kind: _kind, ...request }) => request);
  if (!requests.length) throw new Error(`--only takes search-pages|pages|data|images|search, not "${args.only}"`);
  const result = await autocannon({ url: server.url, connections, duration, requests });
  clearInterval(sampler);
  const end = measure();
  await sleep(10_000);
  const after = measure();

  const heap = (p?: Omit<Probe, 'heapLimit'>) => (p ? [mb(p.heapUsed), mb(p.heapTotal), mb(p.external)] : ['?', '?', '?']);
  const row = (moment: string, m: { rss: number; probe?: Probe }) => [moment, m.rss.toFixed(0), ...heap(m.probe)];
  const heapLimit = idle.probe ? mb(idle.probe.heapLimit) : '?';
  console.log(`${machineLine()}\n${requests.length} requests in the mix (${args.only ?? 'all kinds'}); V8 heap limit ${heapLimit} MB`);
  const rows = [
    ['moment', 'RSS MB', 'heap used', 'heap total', 'external'],
    row('idle after start (no request yet)', started),
    row('idle (after one request of each kind)', idle),
    [`peak under load (${connections} connections, ${duration} s)`, peak.rss.toFixed(0), ...heap(peak)],
    row('end of load', end),
    row('10 s after the load', after),
  ];
  const byCode = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code} ×${count}`);
  console.log(`${table(rows)}\n${result.requests.average.toFixed(0)} req/s; ${byCode.join(', ')}; ${result.errors} errors (${result.timeouts} timeouts)`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
