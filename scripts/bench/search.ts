/**
 * `npm run bench:search [-- --records <file.json>]`: per record set, the index build cost in a server child, load on
 * `POST /1/indexes/*\/queries` with the result cache off and on, and CPU per uncached query measured inside the server.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

import express from 'express';

import { createEmbeddedSearchEngine } from '#server/embedded/algolia/engine.ts';
import { createEmbeddedSearchRouter, DEFAULT_EMBEDDED_SEARCH_LIMITS } from '#server/embedded/algolia/http.ts';
import { parseQuery } from '#server/embedded/algolia/query-params.ts';

import { createDemoRecords } from '../../tests/fixtures/search/demo-records.ts';
import { createSyntheticRecords } from '../../tests/fixtures/search/synthetic-records.ts';
import { autocannon, machineLine, median, quantile, table, wholeNumber } from './lib.ts';

import type { SearchRecord } from '#shared/search-schema.ts';
import type { AddressInfo } from 'node:net';
import type { LoadResult } from './lib.ts';

type ServerReport = { port: number; records: number; buildMs: number; buildCpuMs: number; heapMB: number; rssMB: number };

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
const [duration, connections] = [wholeNumber('duration', args.duration, 600), wholeNumber('connections', args.connections, 1000)];

/** Like InstantSearch's: 20 hits, two facets, highlights and a body snippet. */
const SEARCH = { indexName: 'vitrine_en-US', hitsPerPage: 20, facets: ['type', 'tags'], attributesToSnippet: ['body:20'], clickAnalytics: true };
const toRequest = (query: string) => ({ ...SEARCH, query, highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' });

function loadRecords(dataset: string): SearchRecord[] {
  if (dataset === 'demo') return createDemoRecords();
  if (dataset === 'synthetic') return createSyntheticRecords(20_000);
  return JSON.parse(readFileSync(dataset, 'utf8')) as SearchRecord[];
}

async function serve(dataset: string): Promise<void> {
  const records = loadRecords(dataset);
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  gc();
  const [heapBefore, startedAt, cpuBefore] = [process.memoryUsage().heapUsed, performance.now(), process.cpuUsage()];
  const engine = createEmbeddedSearchEngine({ indexPrefix: 'vitrine', records, cacheMaxHits: Number(args.cache) });
  const [buildCpuMs, buildMs] = [toMs(process.cpuUsage(cpuBefore)), performance.now() - startedAt];
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  const unlimited = { burst: Number.MAX_SAFE_INTEGER, perSecond: Number.MAX_SAFE_INTEGER, maxClients: 16 };
  const app = express().use(createEmbeddedSearchRouter({ engine, limits: { ...DEFAULT_EMBEDDED_SEARCH_LIMITS, rateLimit: unlimited } }));
  // CPU time, not wall time, holds up on a busy machine.
  app.get('/bench/after-load', (_req, res) => {
    const rssMB = process.memoryUsage().rss / MB;
    const cpuMs = (query: string) => {
      const before = process.cpuUsage();
      JSON.stringify(engine.search(parseQuery(JSON.parse(JSON.stringify(toRequest(query))), 512)));
      return toMs(process.cpuUsage(before));
    };
    const perKind = Object.entries(QUERIES).map(([kind, queries]) => {
      const samples = queries.flatMap((query) => [1, 2, 3, 4, 5].map(() => cpuMs(query)));
      return [kind, median(samples), quantile(samples, 0.99)];
    });
    res.json({ rssMB, perKind });
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const report: ServerReport = { port, records: records.length, buildMs, buildCpuMs, heapMB: (heapUsed - heapBefore) / MB, rssMB: rss / MB };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

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

const load = (port: number, queries: string[], seconds = duration): Promise<LoadResult> =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: queries.map((q) => ({
      method: 'POST',
      path: '/1/indexes/*/queries',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ requests: [toRequest(q)] }),
    })),
  });
const loadRow = (name: string, kind: string, r: LoadResult) => [name, kind, r.requests.average, r.latency.p50, r.latency.p99, r.non2xx + r.errors];

function printTable(title: string, rows: (string | number)[][]): void {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toFixed(cell >= 100 ? 0 : 1) : cell)));
  console.log(`\n${title}\n${table(cells, 1, true)}`);
}

async function main(): Promise<void> {
  const datasets = [['demo-like', 'demo'], ['synthetic 20k', 'synthetic'], ...(args.records ? [[args.records, args.records]] : [])] as [string, string][];
  const buildRows: (string | number)[][] = [['records', 'count', 'build ms', 'build CPU ms', 'heap MB', 'RSS MB', 'RSS after load MB']];
  const cpuRows: (string | number)[][] = [['records', 'queries', 'median CPU ms', 'p99 CPU ms']];
  const loadRows: (string | number)[][] = [['records', 'queries', 'req/s', 'p50 ms', 'p99 ms', 'errors']];
  for (const [name, dataset] of datasets) {
    await withChild(dataset, 0, async (report) => {
      await load(report.port, QUERIES.mix!, 1);
      for (const [kind, queries] of Object.entries(QUERIES)) loadRows.push(loadRow(name, kind, await load(report.port, queries)));
      const after = (await (await fetch(`http://127.0.0.1:${report.port}/bench/after-load`)).json()) as { rssMB: number; perKind: [string, number, number][] };
      buildRows.push([name, String(report.records), report.buildMs, report.buildCpuMs, report.heapMB, report.rssMB, after.rssMB]);
      cpuRows.push(...after.perKind.map((row) => [name, ...row]));
    });
    await withChild(dataset, 5000, async (report) => {
      await load(report.port, QUERIES.mix!, 1);
      loadRows.push(loadRow(name, 'mix, cached', await load(report.port, QUERIES.mix!)));
    });
  }
  console.log(`Embedded search, ${machineLine()}, ${connections} connections, ${duration}s per row`);
  printTable('Index build (server child process)', buildRows);
  printTable('POST /1/indexes/*/queries (autocannon in the parent)', loadRows);
  printTable('CPU per uncached query, engine + JSON (server process, 5 runs per query)', cpuRows);
}

await (args.serve ? serve(args.serve) : main());
