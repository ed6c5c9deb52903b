/**
 * `npm run bench:memory [-- --duration <s>] [--connections <n>] [--only <kind>] [--env KEY=VALUE …]` (defaults 60 s, 200): the
 * production server's memory idle (after start-up, then after one request of each kind) and under a mix of pages, route data, search and
 * cached images, RSS and the process's own figures sampled every 250 ms. `--only` loads one kind of request (KINDS) to see which
 * one drives the peak; `--env HEAP_LIMIT_MB=off` shows V8's own sizing (docs/memory.md). No test asserts these numbers.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { ensureBuild, startServer } from '../../tests/e2e/support/server.ts';
import { autocannon, machineLine, rssMb, table, waitUntilUp } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    only: { type: 'string' },
    env: { type: 'string', multiple: true },
  },
});
const KINDS = ['search-pages', 'pages', 'data', 'images', 'search'] as const;
type Kind = (typeof KINDS)[number];
const duration = Number(args.duration);
const connections = Number(args.connections);
const extraEnv = Object.fromEntries((args.env ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
const only = args.only as Kind | undefined;
if (!(duration > 0) || !(connections > 0) || Object.keys(extraEnv).some((key) => !/^[A-Z_][A-Z0-9_]*$/.test(key)) || (only && !KINDS.includes(only)))
  throw new Error(`usage: --duration <s> --connections <n> --only ${KINDS.join('|')} --env KEY=VALUE`);

const PAGES = ['/', '/de/', '/articles', '/models', '/search?q=lamp', '/de/search?q=leuchte'];
const ARTICLES = ['behind-the-vitrine', 'a-winter-week-in-the-workshop', 'recycled-aluminium-and-honest-numbers', 'scale-without-a-ruler'];
const MODELS = ['halo-pendant', 'kerf-dining-table', 'ostra-lounge-chair', 'pivot-desk-lamp', 'tide-vase'];
const SEARCH = { path: '/1/indexes/*/queries', headers: { 'content-type': 'text/plain' } };
const searchBody = (indexName: string, query: string) => JSON.stringify({ requests: [{ indexName, query, hitsPerPage: 8 }] });

type Request = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string; kind?: Kind };
type Probe = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number; heapLimit: number };
const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(0);

/** What a visitor mix asks for: every page kind, their /_data twins, search queries and the images the pages show. */
async function requestMix(origin: string): Promise<Request[]> {
  const paths = [...PAGES, ...ARTICLES.map((slug) => `/articles/${slug}`), ...MODELS.map((slug) => `/models/${slug}`)];
  const pages: Request[] = paths.map((path) => ({ method: 'GET', path, kind: path.includes('/search?') ? 'search-pages' : 'pages' }));
  const data: Request[] = paths.filter((path) => !path.startsWith('/de/')).map((path) => ({ method: 'GET', path: `/_data${path}`, kind: 'data' }));
  const html = await (await fetch(`${origin}/articles/${ARTICLES[0]}`)).text();
  const images = [...new Set([...html.matchAll(/(\/content-assets\/[^"\s]+?)(?:\s|")/g)].map((m) => m[1]!.replaceAll('&amp;', '&')))].slice(0, 6);
  const queries = ['lamp', 'chiar', 'desk lamp', 'aluminium', 'vase'].map((q) => ({
    method: 'POST' as const,
    kind: 'search' as const,
    ...SEARCH,
    body: searchBody('vitrine_en-US', q),
  }));
  return [
    ...pages,
    ...data,
    ...images.map((path) => ({ method: 'GET' as const, path, kind: 'images' as const })),
    ...queries,
    { method: 'POST', kind: 'search', ...SEARCH, body: searchBody('vitrine_de-DE', 'leuchte') },
  ];
}

async function main(): Promise<void> {
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-memory-'));
  const probeFile = join(dir, 'probe.json');
  const probe = join(import.meta.dirname, 'memory-probe.ts');
  const env = { LOG_LEVEL: 'info', NODE_OPTIONS: `--import=${probe}`, MEMORY_PROBE_FILE: probeFile, ...extraEnv };
  const server = await startServer({ env, captureLogs: false });
  // Read while the server writes it: a torn file is a missed sample, not an error.
  const readProbe = () => {
    try {
      return existsSync(probeFile) ? (JSON.parse(readFileSync(probeFile, 'utf8')) as Probe) : undefined;
    } catch {
      return undefined;
    }
  };
  try {
    await waitUntilUp(`${server.url}/readyz`, 60_000);
    // Idle as a fresh process: started, its start-up checks done, no request yet.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const started = { rss: rssMb(server.pid), probe: readProbe() };
    const mix = await requestMix(server.url);
    // Idle as an operator sees it: every request kind answered once (images rendered into the caches), then quiet.
    for (const request of mix) {
      const response = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
      if (!response.ok) throw new Error(`${request.method} ${request.path}: ${response.status}`);
      await response.arrayBuffer();
    }
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const idle = { rss: rssMb(server.pid), probe: readProbe() };

    const samples: number[] = [];
    const peak: Partial<Record<keyof Probe, number>> = {};
    const sampler = setInterval(() => {
      samples.push(rssMb(server.pid));
      const probe = readProbe();
      for (const key of ['heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const) peak[key] = Math.max(peak[key] ?? 0, probe?.[key] ?? 0);
    }, 250);
    const load = only ? mix.filter((request) => request.kind === only) : mix;
    const requests = load.map(({ kind: _kind, ...request }) => request);
    const result = await autocannon({ url: server.url, connections, duration, requests } as Parameters<typeof autocannon>[0]);
    clearInterval(sampler);
    const end = { rss: rssMb(server.pid), probe: readProbe() };
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const after = { rss: rssMb(server.pid), probe: readProbe() };

    const heap = (p?: Probe) => (p ? [mb(p.heapUsed), mb(p.heapTotal), mb(p.external)] : ['?', '?', '?']);
    const rows = [
      ['moment', 'RSS MB', 'heap used', 'heap total', 'external'],
      ['idle after start (no request yet)', started.rss.toFixed(0), ...heap(started.probe)],
      ['idle (after one request of each kind)', idle.rss.toFixed(0), ...heap(idle.probe)],
      [
        `peak under load (${connections} connections, ${duration} s)`,
        Math.max(...samples).toFixed(0),
        mb(peak.heapUsed!),
        mb(peak.heapTotal!),
        mb(peak.external!),
      ],
      ['end of load', end.rss.toFixed(0), ...heap(end.probe)],
      ['10 s after the load', after.rss.toFixed(0), ...heap(after.probe)],
    ];
    process.stdout.write(
      `${machineLine()}\n${load.length} requests in the mix (${only ?? 'all kinds'}); V8 heap limit ${idle.probe ? mb(idle.probe.heapLimit) : '?'} MB\n`,
    );
    process.stdout.write(`${table(rows, 1, true)}\n`);
    const errors = result.errors + result.timeouts;
    // 429: search past its rate limit; 503: the render queue full or its wait over (RENDER_QUEUE_MAX, RENDER_QUEUE_TIMEOUT_MS).
    const codes = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
    const byCode = Object.entries(codes).map(([code, { count }]) => `${code} ×${count}`);
    process.stdout.write(`${result.requests.average.toFixed(0)} req/s; ${byCode.join(', ')}; ${errors} errors or timeouts\n`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
