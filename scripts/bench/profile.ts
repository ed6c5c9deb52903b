/**
 * `npm run bench:profile [-- --path <page>] [--duration <s>] [--top <n>] [--root <checkout>]`: one production server with the page cache off
 * under `node --cpu-prof`, loaded by autocannon; prints CPU ms per request and the functions with the most self time, per request.
 * What the rendered page's per-request work was measured with (ADR 054, 056); `--root` profiles another checkout's build for a before/after.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { ensureBuild, ROOT, startServer } from '../../tests/e2e/support/server.ts';
import { autocannon, processCpuMs, table } from './lib.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/articles/behind-the-vitrine' },
    duration: { type: 'string', default: '10' },
    top: { type: 'string', default: '20' },
    root: { type: 'string', default: ROOT },
  },
});
const root = resolve(args.root);
ensureBuild(root);
const dir = mkdtempSync(join(tmpdir(), 'vitrine-cpu-prof-'));
const env = { LOG_LEVEL: 'info', PAGE_CACHE_MAX_BYTES: '0', NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` };
const server = await startServer({ root, env, captureLogs: false });
const url = `${server.url}${args.path}`;
// V8 stamps samples with the monotonic clock hrtime reads, in µs: the loaded run's window, without start-up and warm-up.
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const load = async () => {
  const warm = await fetch(url);
  if (!warm.ok) throw new Error(`${url} answered ${warm.status}`);
  await autocannon({ url, connections: 10, duration: 2 });
  const [before, from] = [processCpuMs(server.pid), nowUs()];
  const result = await autocannon({ url, connections: 10, duration: Number(args.duration) });
  const [cpuMs, to] = [processCpuMs(server.pid) - before, nowUs()];
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requests: result.requests.total, cpuMs, window: { from, to } };
};
const { requests, cpuMs, window } = await load().finally(() => server.stop());

// The heap-limit restart (execve, same pid) leaves the start-up's profile too: the serving process's is the last one written.
// Worker threads (the glTF validator's) write their own, named CPU.<date>.<time>.<pid>.<thread id>.<n>: the main thread is 0.
const file = readdirSync(dir)
  .filter((name) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name))
  .sort()
  .at(-1);
if (!file) throw new Error(`no .cpuprofile in ${dir}: did the server exit cleanly?`);
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
const hits = new Map<number, number>();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= window.from && at <= window.to) hits.set(id, (hits.get(id) ?? 0) + 1);
});
const self = new Map<string, number>();
const byModule = new Map<string, number>();
const add = (map: Map<string, number>, key: string, count: number) => map.set(key, (map.get(key) ?? 0) + count);
for (const node of profile.nodes) {
  const { functionName, url: source, lineNumber } = node.callFrame;
  const path = source.replace(/^file:\/\//, '');
  const module =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? (path.startsWith('node:') ? 'node internals' : path ? relative(root, path) : '(native, GC, idle)');
  const where = path ? `${path.replace(/^.*\/node_modules\//, '').replace(`${root}/`, '')}:${lineNumber + 1}` : '';
  const count = hits.get(node.id) ?? 0;
  add(self, `${functionName || '(anonymous)'} ${where}`.trim(), count);
  add(byModule, module, count);
}
const total = [...hits.values()].reduce((sum, n) => sum + n, 0);
const perRequest = cpuMs / Math.max(1, requests);
process.stdout.write(`${args.path}: ${requests} requests, ${perRequest.toFixed(3)} ms CPU/request (page cache off), ${total} samples while loaded\n`);
const top = (title: string, map: Map<string, number>) => {
  const rows = [[title, 'self %', 'ms/req']];
  for (const [name, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top))) {
    rows.push([name.slice(0, 110), ((100 * count) / total).toFixed(1), ((perRequest * count) / total).toFixed(3)]);
  }
  process.stdout.write(`\n${table(rows)}\n`);
};
top('module', byModule);
top('function', self);
