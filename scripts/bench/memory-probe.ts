/**
 * Loaded into the server by `npm run bench:memory` and a process test (NODE_OPTIONS=--import): writes the process's own memory
 * figures and the packages its main thread has loaded to MEMORY_PROBE_FILE every 250 ms, so nobody reads them through an endpoint.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

const file = process.env.MEMORY_PROBE_FILE;
// V8 flags Node refuses in NODE_OPTIONS (e.g. --heap-growing-percent), for experiments only: docs/memory.md.
for (const flag of process.env.MEMORY_PROBE_V8_FLAGS?.split(' ').filter(Boolean) ?? []) setFlagsFromString(flag);
// Workers inherit NODE_OPTIONS; the serving thread's figures are the ones asked for.
if (file && isMainThread) {
  const packages = new Set<string>();
  registerHooks({
    // Loaded, not merely resolved: require.resolve() alone loads nothing.
    load(url, context, nextLoad) {
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
      if (name) packages.add(name);
      return nextLoad(url, context);
    },
  });
  const write = () => {
    const usage = process.memoryUsage();
    const { heap_size_limit: heapLimit } = getHeapStatistics();
    // Written aside and renamed, so a reader never sees a half-written file (lazy-parts.test.ts once parsed an empty one).
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify({ ...usage, heapLimit, packages: [...packages].sort(), at: Date.now() }));
    renameSync(aside, file);
  };
  setInterval(write, 250).unref();
  write();
}
