/** Loaded with NODE_OPTIONS=--import: writes memory figures and loaded packages to MEMORY_PROBE_FILE, so no endpoint exposes them. */
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
    load(url, context, nextLoad) {
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
      if (name) packages.add(name);
      return nextLoad(url, context);
    },
  });
  const write = () => {
    const usage = process.memoryUsage();
    const { heap_size_limit: heapLimit } = getHeapStatistics();
    // Renamed into place, so a reader never sees a half-written file.
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify({ ...usage, heapLimit, packages: [...packages].sort(), at: Date.now() }));
    renameSync(aside, file);
  };
  setInterval(write, 250).unref();
  write();
}
