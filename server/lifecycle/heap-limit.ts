import { totalmem } from 'node:os';

// V8 sizes its heap from the machine, not from the container: these flags fit it to the container's memory (ADR 055, docs/memory.md).

const MB = 1024 * 1024;
/**
 * Old-space limit per serving process: half its share of the memory, 64 MB to 2 GB. Below 2 GB V8 lets the old space grow less
 * between full GCs, which cost rendered pages ~20 % CPU in an A/B at 160–512 MB; from 2 GB on it is CPU-neutral.
 */
const HEAP_FLOOR_MB = 64;
const HEAP_CAP_MB = 2048;

/**
 * The container's limit as libuv reads it (cgroup v2, then v1), else the machine's memory. No limit reads as 0 or about 2^64 (v1's
 * "unlimited" is 2^63 rounded to a page): anything from 2^60 on means none.
 */
export function availableMemoryBytes(constrained = process.constrainedMemory(), machineBytes = totalmem()): number {
  return constrained > 0 && constrained < 2 ** 60 ? Math.min(constrained, machineBytes) : machineBytes;
}

export type HeapLimitSetting = 'auto' | 'off' | number;

/**
 * Semi-spaces at most 12 MB (V8's own grow to 64 MB, three of them, mostly garbage under 200 connections), a twelfth of a smaller
 * share, at least 2 MB. The old space may grow by half between full GCs (V8's factor is up to 4), so the heap under load stays
 * near 1.5 × what is live. Together: the 200-connection peak fell from 432–534 MB to 263–280, for +12–18 % CPU per rendered
 * article (ADR 059). Node refuses --heap-growing-percent in NODE_OPTIONS; it goes on the restart's command line.
 */
export function heapFlags(setting: HeapLimitSetting, memoryBytes: number, processes: number): string[] {
  if (setting === 'off') return [];
  const share = memoryBytes / MB / Math.max(1, processes);
  const oldSpaceMb = setting === 'auto' ? Math.round(Math.min(HEAP_CAP_MB, Math.max(HEAP_FLOOR_MB, share / 2))) : setting;
  const semiSpaceMb = Math.min(12, Math.max(2, Math.floor(share / 12)));
  return [`--max-old-space-size=${oldSpaceMb}`, `--max-semi-space-size=${semiSpaceMb}`, '--heap-growing-percent=50'];
}

/** An operator who set the old-space limit in NODE_OPTIONS or on the command line keeps it, and its young generation. */
export function heapLimitAlreadySet(execArgv: readonly string[], nodeOptions = ''): boolean {
  const flag = /(^|\s)--max[-_]old[-_]space[-_]size(=|\s|$)/;
  return execArgv.some((arg) => flag.test(arg)) || flag.test(nodeOptions);
}

/** Freed image buffers go back to the system instead of staying in per-thread arenas (the Docker image's values; ADR 012). */
const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** Those the environment does not set already: the new process's glibc reads them at its start. */
export function mallocDefaults(): Record<string, string> {
  // eslint-disable-next-line no-restricted-properties -- not configuration: which of glibc's variables the operator already set
  return Object.fromEntries(Object.entries(MALLOC_ENV).filter(([name]) => process.env[name] === undefined));
}

/**
 * execve keeps pid, stdio, signals and exit code, so supervisors see no difference. Returns where that cannot be done: no
 * `process.execve` (Windows), or an IPC channel, which execve would close.
 */
export function restartWithFlags(flags: readonly string[]): void {
  if (typeof process.execve !== 'function' || process.channel) return;
  // eslint-disable-next-line no-restricted-properties -- the new process gets the environment as it is, plus glibc's defaults
  const env = { ...process.env, ...mallocDefaults() };
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], env);
}
