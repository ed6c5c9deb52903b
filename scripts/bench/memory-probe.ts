/**
 * Loaded into the server by `npm run bench:memory` (NODE_OPTIONS=--import): writes the process's own memory figures to
 * MEMORY_PROBE_FILE every 500 ms, so the bench reads the heap without any endpoint exposing it.
 */
import { writeFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = () => {
    const usage = process.memoryUsage();
    const { heap_size_limit: heapLimit } = getHeapStatistics();
    writeFileSync(file, JSON.stringify({ ...usage, heapLimit, at: Date.now() }));
  };
  setInterval(write, 500).unref();
  write();
}
