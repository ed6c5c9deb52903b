/**
 * `node scripts/bench/ttfb.ts [--requests <n>] [--page-cache] [path…]`: median and p90 of headers, first body byte and whole response per
 * path and Accept-Encoding (identity, gzip, br), interleaved; if compression held the shell back, first byte would approach complete.
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';

import { startServer } from '../../tests/e2e/support/server.ts';
import { quantile, table } from './lib.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { requests: { type: 'string', default: '40' }, 'page-cache': { type: 'boolean', default: false } },
});
const count = Number(args.requests);
const ENCODINGS = ['identity', 'gzip', 'br'] as const;

type Timing = { headersMs: number; firstByteMs: number; completeMs: number; bytes: number };

function timeRequest(url: string, encoding: string): Promise<Timing> {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = request(url, { headers: { 'Accept-Encoding': encoding, 'User-Agent': 'Mozilla/5.0 Chrome/140 ttfb-bench' } }, (res) => {
      const headersMs = since();
      let firstByteMs = NaN;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (Number.isNaN(firstByteMs)) firstByteMs = since();
        bytes += chunk.length;
      });
      res.on('end', () => {
        if (res.statusCode !== 200) return fail(new Error(`${url}: ${res.statusCode}`));
        if (encoding !== 'identity' && res.headers['content-encoding'] !== encoding)
          return fail(new Error(`${url}: asked for ${encoding}, got ${res.headers['content-encoding'] ?? 'identity'}`));
        done({ headersMs, firstByteMs, completeMs: since(), bytes });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

// The page cache would answer from memory after the first request; off by default so every request streams a render.
const server = await startServer({ env: { LOG_LEVEL: 'warn', ...(args['page-cache'] ? {} : { PAGE_CACHE_MAX_BYTES: '0' }) } });
try {
  const firstModel = /href="(\/models\/[^"/?#]+)"/.exec(await (await fetch(`${server.url}/models`)).text())?.[1];
  const paths = positionals.length > 0 ? positionals : ['/', ...(firstModel ? [firstModel] : [])];
  const rows = [['path', 'encoding', 'bytes', 'headers p50', 'first byte p50', 'first byte p90', 'complete p50', 'complete p90']];
  for (const path of paths) {
    for (const encoding of ENCODINGS) await timeRequest(`${server.url}${path}`, encoding);
    const timings = new Map<string, Timing[]>(ENCODINGS.map((e) => [e, []]));
    // Interleave encodings so drift on a shared machine hits all three alike.
    for (let i = 0; i < count; i++) for (const encoding of ENCODINGS) timings.get(encoding)?.push(await timeRequest(`${server.url}${path}`, encoding));
    for (const encoding of ENCODINGS) {
      const list = timings.get(encoding) ?? [];
      const ms = (pick: (t: Timing) => number, q: number) => quantile(list.map(pick), q).toFixed(1);
      const [h, f, c] = [(t: Timing) => t.headersMs, (t: Timing) => t.firstByteMs, (t: Timing) => t.completeMs];
      rows.push([path, encoding, String(list[0]?.bytes ?? 0), ms(h, 0.5), ms(f, 0.5), ms(f, 0.9), ms(c, 0.5), ms(c, 0.9)]);
    }
  }
  process.stdout.write(`${table(rows, 2)}\n(${count} requests per row, ms)\n`);
} finally {
  await server.stop();
}
