import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';

// V8 sizes its heap from the machine, not from the container: these flags fit it to the container's memory (ADR 055, docs/memory.md).

const MB = 1024 * 1024;
/**
 * Old-space limit per serving process: half its share of the memory, within these bounds. Below 2 GB V8 lets the old space
 * grow less between full GCs (a factor scaled down from 4 to 1.3), which cost rendered pages ~20 % CPU in an A/B at 160–512 MB;
 * from 2 GB on it is CPU-neutral. The growth itself is bounded by HEAP_GROWING_PERCENT, and memory left over after a busy
 * stretch is returned at idle (idle-gc.ts).
 */
export const HEAP_FLOOR_MB = 64;
export const HEAP_CAP_MB = 2048;
const SHARE_FOR_OLD_SPACE = 0.5;
const OLD_SPACE_FLAG = '--max-old-space-size';

/** Where the container's memory limit is: cgroup v2, then v1. */
export const CGROUP_LIMIT_FILES = ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes'];

/** A cgroup memory limit in bytes; undefined for "no limit": v2's `max`, v1's page-rounded 2^63 (anything above 2^60), or no number. */
export function parseCgroupLimit(text: string | undefined): number | undefined {
  const value = text?.trim() ?? '';
  if (!/^\d+$/.test(value)) return undefined;
  const bytes = Number(value);
  return bytes > 0 && bytes < 2 ** 60 ? bytes : undefined;
}

const readOrUndefined = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** The memory this process tree may use: the first cgroup limit found, never more than the machine has. */
export function availableMemoryBytes(read: (path: string) => string | undefined = readOrUndefined, machineBytes = totalmem()): number {
  for (const file of CGROUP_LIMIT_FILES) {
    const limit = parseCgroupLimit(read(file));
    if (limit !== undefined) return Math.min(limit, machineBytes);
  }
  return machineBytes;
}

export type HeapLimitSetting = 'auto' | 'off' | number;

/**
 * The young generation's cap: each semi-space at most this (V8's own grows to 64 MB, three of them, mostly garbage under
 * 200 connections). With the growth rule below, the 200-connection peak fell from 432–534 MB to 263–280 (ADR 059).
 */
export const SEMI_SPACE_CAP_MB = 12;
const SEMI_SPACE_FLOOR_MB = 2;
/**
 * The old space may grow by half between full GCs (V8's own factor is up to 4 with a 2 GB limit): the heap under load stays
 * near 1.5 × what is live (~55 MB under load) instead of 4 ×. Together with the semi-space cap this costs CPU: +12–18 % per
 * rendered article and +20–45 % per page-cache hit (0.15 → 0.18 ms) in interleaved A/Bs (ADR 059); HEAP_LIMIT_MB=off gives
 * V8's own sizing back. Node refuses this flag in NODE_OPTIONS; it goes on the restart's command line.
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * V8 flags for each of `processes` serving processes: old space from the setting (`auto`: half the process's share, 64–2,048 MB),
 * semi-spaces up to SEMI_SPACE_CAP_MB (a twelfth of a smaller share, at least 2 MB: the three then take at most a quarter of it),
 * and the old space's growth between full GCs bounded (HEAP_GROWING_PERCENT). `off` sets none of them.
 */
export function heapFlags(setting: HeapLimitSetting, memoryBytes: number, processes: number): string[] {
  if (setting === 'off') return [];
  const share = memoryBytes / MB / Math.max(1, processes);
  const oldSpaceMb = setting === 'auto' ? Math.round(Math.min(HEAP_CAP_MB, Math.max(HEAP_FLOOR_MB, share * SHARE_FOR_OLD_SPACE))) : setting;
  const semiSpaceMb = Math.min(SEMI_SPACE_CAP_MB, Math.max(SEMI_SPACE_FLOOR_MB, Math.floor(share / 12)));
  return [`${OLD_SPACE_FLAG}=${oldSpaceMb}`, `--max-semi-space-size=${semiSpaceMb}`, `--heap-growing-percent=${HEAP_GROWING_PERCENT}`];
}

/** An operator who set the old-space limit in NODE_OPTIONS or on the command line keeps it, and its young generation. */
export function heapLimitAlreadySet(execArgv: readonly string[], nodeOptions = ''): boolean {
  const flag = /(^|\s)--max[-_]old[-_]space[-_]size(=|\s|$)/;
  return execArgv.some((arg) => flag.test(arg)) || flag.test(nodeOptions);
}

/** Freed image buffers go back to the system instead of staying in per-thread arenas (the Docker image's values; ADR 012). */
const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** MALLOC_ENV's variables the environment does not set already: the new process's glibc reads them at its start. */
export function mallocDefaults(): Record<string, string> {
  // eslint-disable-next-line no-restricted-properties -- not configuration: which of glibc's variables the operator already set
  return Object.fromEntries(Object.entries(MALLOC_ENV).filter(([name]) => process.env[name] === undefined));
}

/**
 * Replaces this process with itself plus `flags` and mallocDefaults() (execve: same pid, stdio, signals and exit code, so
 * supervisors see no difference). Returns only where that cannot be done: no `process.execve` (Windows), or an IPC channel,
 * which execve would close.
 */
export function restartWithFlags(flags: readonly string[]): void {
  if (typeof process.execve !== 'function' || process.channel) return;
  // eslint-disable-next-line no-restricted-properties -- the new process gets the environment as it is, plus glibc's defaults
  const env = { ...process.env, ...mallocDefaults() };
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], env);
}
