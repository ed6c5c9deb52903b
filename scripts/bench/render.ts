/**
 * `npm run bench:render [-- --path <page>] [--iterations <n>] [--root <checkout>]`: the built SSR entry's own cost per page, in this
 * process: the loaders (`queryDocument` over the embedded content service), the hydration JSON and ETag (`describeDocument`) and React's
 * render of the whole document into a sink that keeps nothing. No HTTP, middleware, sockets or load generator: the part of a
 * cold page that is ours and React's, measured in CPU of the main thread per page (the least of ten batches), stable enough to compare a change
 * against (`npm run bench` measures the whole request; ADR 054, 056). Run with `--cpu-prof` to profile just this.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import pino from 'pino';

import { loadConfig, publicConfig } from '#server/config.ts';
import { createContentStack } from '#server/composition.ts';
import { createManifestAssets } from '#server/ssr/assets.ts';
import { withRouteErrors } from '#server/ssr/error-status.ts';
import { pageEtag, routeDigest } from '#server/ssr/page-etag.ts';

import type { SsrEntry } from '#server/ssr/assets.ts';
import type { StaticHandlerContext } from 'react-router';

import { ensureBuild, ROOT } from '../../tests/e2e/support/server.ts';
import { table } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', multiple: true },
    iterations: { type: 'string', default: '2000' },
    root: { type: 'string', default: ROOT },
  },
});
if (process.env.NODE_ENV !== 'production')
  throw new Error('run with NODE_ENV=production (npm run bench:render sets it): React would render its development build');
const root = resolve(args.root);
ensureBuild(root);
const paths = args.path ?? ['/articles/behind-the-vitrine', '/', '/models/halo-pendant'];
const iterations = Number(args.iterations);

const config = loadConfig({ CONTENTFUL_EXPORT_FILE: resolve(root, 'content/space-export.json') }, 'bench');
const logger = pino({ level: 'silent' });
const stack = await createContentStack(config, logger);
const content = withRouteErrors(stack.content);
const entry = (await import(pathToFileURL(resolve(root, 'dist/server/entry.server.js')).href)) as SsrEntry;
const assets = createManifestAssets(resolve(root, 'dist/client'));
const locales = stack.locales();
const served = publicConfig(config, locales);
const origin = 'http://localhost:3000';

type Sink = NodeJS.WritableStream & { bytes: number };
/** A pipe target that counts bytes and keeps none, like a socket that is always ready. */
function sink(done: () => void): Sink {
  const target = {
    bytes: 0,
    write(chunk: Uint8Array | string) {
      target.bytes += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
      return true;
    },
    end() {
      done();
    },
    on() {
      return target;
    },
    flush() {},
  };
  return target as unknown as Sink;
}

interface Phases {
  query: number;
  describe: number;
  render: number;
  bytes: number;
}

/** One page, as the document handler makes it: query, describe, render to the end. Time per phase, in µs. */
async function page(path: string): Promise<Phases> {
  // Phases by the clock (a thread's CPU time has coarse ticks); the batches' CPU totals check them.
  const clock = () => performance.now() * 1000;
  const t0 = clock();
  const request = new Request(origin + path, { headers: { accept: 'text/html' } });
  const context = entry.createRequestContext({ content, info: { origin, preview: false, locales } });
  const result = await entry.queryDocument(request, context);
  if (result instanceof Response) throw new Error(`${path} answered ${result.status} ${result.headers.get('location') ?? ''}`);
  const t1 = clock();
  const document = entry.describeDocument(result as StaticHandlerContext, routeDigest);
  pageEtag({ buildId: 'bench', served: `${path}|${locales.join()}`, origin }, document.validator);
  const t2 = clock();
  const page = assets.forChunks(document.chunks);
  const bytes = await new Promise<number>((done, fail) => {
    const out = sink(() => done(out.bytes));
    const stream = entry.renderDocument(result as StaticHandlerContext, {
      nonce: 'bench-nonce',
      hydration: document.hydration,
      bootstrapModules: [],
      publicConfig: served,
      assets: { nonce: 'bench-nonce', ...page },
      onShellReady: () => stream.pipe(out),
      onShellError: fail,
    });
  });
  return { query: t1 - t0, describe: t2 - t1, render: clock() - t2, bytes };
}

const BATCHES = 10;
const rows = [['page', 'KB', 'query µs', 'describe µs', 'render µs', 'total µs', 'CPU µs', 'median CPU µs']];
for (const path of paths) {
  for (let i = 0; i < Math.min(500, iterations); i++) await page(path);
  // Batches, reported by the one with the least CPU: other work on the machine only ever adds time (the median shows how much it did).
  const batches: Array<Phases & { cpu: number }> = [];
  const size = Math.max(1, Math.round(iterations / BATCHES));
  for (let b = 0; b < BATCHES; b++) {
    const sum = { query: 0, describe: 0, render: 0, bytes: 0, cpu: 0 };
    const before = process.threadCpuUsage();
    for (let i = 0; i < size; i++) {
      const one = await page(path);
      sum.query += one.query / size;
      sum.describe += one.describe / size;
      sum.render += one.render / size;
      sum.bytes = one.bytes;
    }
    const { user, system } = process.threadCpuUsage(before);
    sum.cpu = (user + system) / size;
    batches.push(sum);
  }
  const total = (b: Phases) => b.query + b.describe + b.render;
  batches.sort((a, b) => a.cpu - b.cpu);
  const [best] = batches as [Phases & { cpu: number }];
  const median = batches[Math.floor(BATCHES / 2)]!.cpu;
  const us = (n: number) => n.toFixed(0);
  rows.push([path, (best.bytes / 1024).toFixed(1), us(best.query), us(best.describe), us(best.render), us(total(best)), us(best.cpu), us(median)]);
}
const perBatch = Math.max(1, Math.round(iterations / BATCHES));
process.stdout.write(
  `${table(rows)}\n(${BATCHES} batches of ${perBatch} pages each after warm-up, the one with the least CPU shown:` +
    ` its phases by the clock, its CPU of the main thread per page)\n`,
);
