/**
 * `npm run bench:search [-- --duration <s>] [--connections <n>] [--records <file.json>]` (defaults 5, 10): per record set, index build cost
 * in a server child, then autocannon on `POST /1/indexes/*\/queries` (prefix, typo, transposition, multi-word, mixed; result cache off, then on), and
 * CPU per uncached query (median and p99) measured inside the server.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

import express from 'express';

import { createEmbeddedSearchEngine } from '#server/embedded/algolia/engine.ts';
import { createEmbeddedSearchRouter, DEFAULT_EMBEDDED_SEARCH_LIMITS } from '#server/embedded/algolia/http.ts';
import { parseQuery } from '#server/embedded/algolia/query-params.ts';

import { createDemoRecords } from '../../tests/fixtures/search/demo-records.ts';
import { createSyntheticRecords } from '../../tests/fixtures/search/synthetic-records.ts';
import { autocannon, median, table } from './lib.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { AddressInfo } from 'node:net';
import type { LoadResult } from './lib.ts';

type ServerReport = { port: number; records: number; buildMs: number; buildCpuMs: number; heapMB: number; rssMB: number };

const INDEX = 'vitrine_en-US';
const toMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;
const MB = 1024 * 1024;
const QUERIES: Record<string, string[]> = {
  prefix: ['w', 'wa', 'wal', 'waln', 'walnu', 'c', 'ch', 'cha', 'chai', 'l', 'la', 'lam', 'st', 'ste', 'stee'],
  typo: ['walnat', 'chaor', 'lemp', 'pendent', 'marbre', 'travertime', 'porcelian', 'cabinat'],
  transposition: ['chiar', 'lmap', 'wlanut', 'pendnat', 'cabinte', 'trvaertine', 'walnut lounge chiar'],
  'multi-word': ['oak dining table', 'brass pendant lamp', 'walnut lounge chair', 'solid oak desk', 'hand turned maple bowl', 'linen sofa'],
};
QUERIES.mix = Object.values(QUERIES).flat();

const { values: args } = parseArgs({
  options: {
    serve: { type: 'string' },
    cache: { type: 'string', default: '0' },
    records: { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});

function loadRecords(dataset: string): SearchRecord[] {
  if (dataset === 'demo') return createDemoRecords();
  if (dataset === 'synthetic') return createSyntheticRecords(20_000);
  return JSON.parse(readFileSync(dataset, 'utf8')) as SearchRecord[];
}

/** Child mode: build the engine, report build cost, serve until killed. */
async function serve(dataset: string): Promise<void> {
  const records = loadRecords(dataset);
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const startedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  const engine = createEmbeddedSearchEngine({ indexPrefix: 'vitrine', records, cacheMaxHits: Number(args.cache) });
  const buildCpuMs = toMs(process.cpuUsage(cpuBefore));
  const buildMs = performance.now() - startedAt;
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  const unlimited = { burst: Number.MAX_SAFE_INTEGER, perSecond: Number.MAX_SAFE_INTEGER, maxClients: 16 };
  const app = express();
  app.use(createEmbeddedSearchRouter({ engine, limits: { ...DEFAULT_EMBEDDED_SEARCH_LIMITS, rateLimit: unlimited } }));
  app.get('/bench/memory', (_req, res) => void res.json({ rssMB: process.memoryUsage().rss / MB }));
  // CPU time (not wall time) of engine.search + JSON per query: holds up on a busy machine.
  app.get('/bench/cpu', (_req, res) => {
    const perKind = Object.entries(QUERIES).map(([kind, queries]) => {
      const samples = queries.flatMap((query) =>
        Array.from({ length: 5 }, () => {
          const before = process.cpuUsage();
          JSON.stringify(engine.search(parseQuery((JSON.parse(toBody(query)) as { requests: unknown[] }).requests[0], 512)));
          return toMs(process.cpuUsage(before));
        }),
      );
      return [kind, median(samples), [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.99) - 1]!];
    });
    res.json(perKind);
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const report: ServerReport = { port, records: records.length, buildMs, buildCpuMs, heapMB: (heapUsed - heapBefore) / MB, rssMB: rss / MB };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** Runs `run` against a server child for `dataset` (the cache holding `cacheMaxHits`), then stops the child. */
async function withChild(dataset: string, cacheMaxHits: number, run: (report: ServerReport) => Promise<void>): Promise<void> {
  const childArgs = ['--expose-gc', import.meta.filename, '--serve', dataset, '--cache', String(cacheMaxHits)];
  const child = spawn(process.execPath, childArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    await run(JSON.parse(line) as ServerReport);
  } finally {
    child.kill();
    await once(child, 'exit');
  }
}

const SEARCH = { indexName: INDEX, hitsPerPage: 20, facets: ['type', 'tags'], attributesToSnippet: ['body:20'], clickAnalytics: true };
const HIGHLIGHT = { highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' };

/** An InstantSearch-like request: one query with facets, placeholder tags and a body snippet. */
const toBody = (query: string) => JSON.stringify({ requests: [{ ...SEARCH, query, ...HIGHLIGHT }] });

async function load(port: number, queries: string[], duration: number): Promise<LoadResult> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: Number(args.connections),
    duration,
    requests: queries.map((query) => ({ method: 'POST', path: '/1/indexes/*/queries', headers: { 'content-type': 'text/plain' }, body: toBody(query) })),
  });
}

const loadRow = (name: string, kind: string, r: LoadResult) => [name, kind, r.requests.average, r.latency.p50, r.latency.p99, r.non2xx + r.errors];

function printTable(title: string, rows: (string | number)[][]): void {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toFixed(cell >= 100 ? 0 : 1) : cell)));
  console.log(`\n${title}\n${table(cells, 1, true)}`);
}

async function main(): Promise<void> {
  const duration = Number(args.duration);
  const datasets = [['demo-like', 'demo'], ['synthetic 20k', 'synthetic'], ...(args.records ? [[args.records, args.records]] : [])];
  const buildRows: (string | number)[][] = [['records', 'count', 'build ms', 'build CPU ms', 'heap MB', 'RSS MB', 'RSS after load MB']];
  const cpuRows: (string | number)[][] = [['records', 'queries', 'median CPU ms', 'p99 CPU ms']];
  const loadRows: (string | number)[][] = [['records', 'queries', 'req/s', 'p50 ms', 'p99 ms', 'errors']];
  for (const [name, dataset] of datasets as [string, string][]) {
    await withChild(dataset, 0, async (report) => {
      await load(report.port, QUERIES.mix!, 1);
      for (const [kind, queries] of Object.entries(QUERIES)) {
        loadRows.push(loadRow(name, kind, await load(report.port, queries, duration)));
      }
      const after = (await (await fetch(`http://127.0.0.1:${report.port}/bench/memory`)).json()) as { rssMB: number };
      buildRows.push([name, String(report.records), report.buildMs, report.buildCpuMs, report.heapMB, report.rssMB, after.rssMB]);
      const cpu = (await (await fetch(`http://127.0.0.1:${report.port}/bench/cpu`)).json()) as [string, number, number][];
      cpuRows.push(...cpu.map((row) => [name, ...row]));
    });
    await withChild(dataset, 5000, async (report) => {
      await load(report.port, QUERIES.mix!, 1);
      loadRows.push(loadRow(name, 'mix, cached', await load(report.port, QUERIES.mix!, duration)));
    });
  }
  // Shared machines skew every number here; the load average says how much.
  const loadAverage = loadavg().map((value) => value.toFixed(1));
  console.log(
    `Embedded search, Node ${process.version}, ${cpus().length} CPUs, load average ${loadAverage.join(' ')}, ` +
      `${args.connections} connections, ${duration}s per row`,
  );
  printTable('Index build (server child process)', buildRows);
  printTable('POST /1/indexes/*/queries (autocannon in the parent)', loadRows);
  printTable('CPU per uncached query, engine + JSON (server process, 5 runs per query)', cpuRows);
}

await (args.serve ? serve(args.serve) : main());
