/**
 * `npm run bench:search [-- --duration 5] [--connections 10]` (ADR 051): per record set, the index build in a server child,
 * autocannon on `POST /1/indexes/*\/queries` with the result cache off and on, and CPU per uncached query inside the server.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import express from 'express';

import { createEmbeddedSearchEngine } from '#server/embedded/algolia/engine.ts';
import { createEmbeddedSearchRouter, DEFAULT_EMBEDDED_SEARCH_LIMITS } from '#server/embedded/algolia/http.ts';
import { parseQuery } from '#server/embedded/algolia/query-params.ts';

import { createDemoRecords } from '../../tests/fixtures/search/demo-records.ts';
import { createSyntheticRecords } from '../../tests/fixtures/search/synthetic-records.ts';
import { autocannon, machineLine, median, quantile, table } from './lib.ts';

import type { AddressInfo } from 'node:net';

type Report = { port: number; records: number; buildMs: number; buildCpuMs: number; heapMB: number; rssMB: number };
type AfterLoad = { rssMB: number; perKind: [string, number, number][] };

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
  options: { serve: { type: 'string' }, cache: { type: 'string' }, duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } },
});
const [duration, connections] = [Number(args.duration), Number(args.connections)];

/** Like InstantSearch's: 20 hits, two facets, highlights and a body snippet. */
const SEARCH = { indexName: 'vitrine_en-US', hitsPerPage: 20, facets: ['type', 'tags'], attributesToSnippet: ['body:20'], clickAnalytics: true };
const toRequest = (query: string) => ({ ...SEARCH, query, highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' });

/** In the child (forked with --expose-gc): builds, reports, serves; on a message, times each query's CPU in this process. */
async function serve(dataset: string): Promise<void> {
  const records = dataset === 'demo' ? createDemoRecords() : createSyntheticRecords(20_000);
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  gc();
  const [heapBefore, startedAt, cpuBefore] = [process.memoryUsage().heapUsed, performance.now(), process.cpuUsage()];
  const engine = createEmbeddedSearchEngine({ indexPrefix: 'vitrine', records, cacheMaxHits: Number(args.cache) });
  const [buildCpuMs, buildMs] = [toMs(process.cpuUsage(cpuBefore)), performance.now() - startedAt];
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  const unlimited = { burst: Number.MAX_SAFE_INTEGER, perSecond: Number.MAX_SAFE_INTEGER, maxClients: 16 };
  const server = express()
    .use(createEmbeddedSearchRouter({ engine, limits: { ...DEFAULT_EMBEDDED_SEARCH_LIMITS, rateLimit: unlimited } }))
    .listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  process.send!({ port, records: records.length, buildMs, buildCpuMs, heapMB: (heapUsed - heapBefore) / MB, rssMB: rss / MB } satisfies Report);
  // CPU time, not wall time, holds up on a busy machine.
  const cpuMs = (query: string) => {
    const before = process.cpuUsage();
    JSON.stringify(engine.search(parseQuery(JSON.parse(JSON.stringify(toRequest(query))), 512)));
    return toMs(process.cpuUsage(before));
  };
  process.once('message', () => {
    const rssMB = process.memoryUsage().rss / MB;
    const perKind = Object.entries(QUERIES).map(([kind, queries]): [string, number, number] => {
      const samples = queries.flatMap((query) => [1, 2, 3, 4, 5].map(() => cpuMs(query)));
      return [kind, median(samples), quantile(samples, 0.99)];
    });
    process.send!({ rssMB, perKind } satisfies AfterLoad);
  });
}

const load = (port: number, queries: string[], seconds = duration) =>
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

async function main(): Promise<void> {
  const ms = (n: number) => n.toFixed(n >= 100 ? 0 : 1);
  const builds = [['records', 'count', 'build ms', 'build CPU ms', 'heap MB', 'RSS MB', 'RSS after load MB']];
  const cpu = [['records', 'queries', 'median CPU ms', 'p99 CPU ms']];
  const loads = [['records', 'queries', 'req/s', 'p50 ms', 'p99 ms', 'errors']];
  for (const [name, dataset] of Object.entries({ 'demo-like': 'demo', 'synthetic 20k': 'synthetic' })) {
    for (const cache of [0, 5000]) {
      const child = fork(import.meta.filename, ['--serve', dataset, '--cache', String(cache)], { execArgv: ['--expose-gc'] });
      try {
        const [report] = (await once(child, 'message')) as [Report];
        await load(report.port, QUERIES.mix!, 1);
        for (const [kind, queries] of cache ? [['mix, cached', QUERIES.mix!] as const] : Object.entries(QUERIES)) {
          const r = await load(report.port, queries);
          loads.push([name, kind, r.requests.average.toFixed(0), String(r.latency.p50), String(r.latency.p99), String(r.non2xx + r.errors)]);
        }
        if (cache) continue;
        child.send('after load');
        const [after] = (await once(child, 'message')) as [AfterLoad];
        builds.push([name, String(report.records), ...[report.buildMs, report.buildCpuMs, report.heapMB, report.rssMB, after.rssMB].map(ms)]);
        cpu.push(...after.perKind.map(([kind, p50, p99]) => [name, kind, ms(p50), ms(p99)]));
      } finally {
        child.kill();
      }
    }
  }
  console.log(`Embedded search, ${machineLine()}, ${connections} connections, ${duration} s per row`);
  console.log(`\nIndex build (server child process)\n${table(builds)}`);
  console.log(`\nPOST /1/indexes/*/queries (autocannon in the parent)\n${table(loads, 2)}`);
  console.log(`\nCPU per uncached query, engine + JSON (server process, 5 runs per query)\n${table(cpu, 2)}`);
}

await (args.serve ? serve(args.serve) : main());
