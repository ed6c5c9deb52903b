/**
 * CPU time of another process, for the benches that report server CPU per
 * request. Linux only: read from /proc/<pid>/stat (utime + stime, fields 14
 * and 15 of proc(5), counted after the command name's closing parenthesis).
 */
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** User + system CPU time of a process in ms, or NaN where /proc (or the process) is missing. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
