import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A small heap limit would cost every rendered page ~20 % CPU in more frequent GCs (ADR 055). Instead, once a busy process has
// gone quiet, one "last resort" full GC returns what the busy stretch left to the system: CPU spent when nobody waits.

export type CollectGarbage = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => Promise<void>;

/** V8's gc function without a global `gc`: Node's documented --expose-gc-in-a-context pattern. */
export function obtainGc(): CollectGarbage {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as CollectGarbage;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

export interface IdleCollectionOptions {
  /** How often the process's CPU time is read; a quiet stretch is one such interval. Default 5 s. */
  checkMs?: number;
  /** CPU below this per interval counts as quiet (timers, health checks). Default 2 % of the interval. */
  quietCpuMs?: number;
  gc?: CollectGarbage;
  cpuUsage?: () => NodeJS.CpuUsage;
}

/** Collects once after each busy stretch, when a whole interval was quiet: none while serving, none for a process that stays quiet. */
export function startIdleCollection(options: IdleCollectionOptions = {}): () => void {
  const { checkMs = 5000, gc = obtainGc(), cpuUsage = () => process.cpuUsage() } = options;
  const quietCpuMs = options.quietCpuMs ?? checkMs * 0.02;
  let last = cpuUsage();
  let busySinceCollected = true;
  let collecting = false;
  const timer = setInterval(() => {
    const now = cpuUsage();
    const usedMs = (now.user - last.user + now.system - last.system) / 1000;
    last = now;
    if (collecting) return;
    if (usedMs > quietCpuMs) {
      busySinceCollected = true;
      return;
    }
    if (!busySinceCollected) return;
    busySinceCollected = false;
    collecting = true;
    // The collection's own CPU is not a busy stretch: the next reading starts after it.
    void gc({ type: 'major', execution: 'async', flavor: 'last-resort' }).finally(() => {
      collecting = false;
      last = cpuUsage();
    });
  }, checkMs);
  timer.unref();
  return () => clearInterval(timer);
}
