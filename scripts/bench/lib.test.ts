import { describe, expect, it } from 'vitest';

import { cpuMs, envPairs, rssMb, statCpuMs, table } from './lib.ts';

describe('CPU and RSS from /proc', () => {
  it('counts the CPU fields from the last ") ", whatever the command name holds', () => {
    // proc(5) layout: utime 150 and stime 30 ticks; the children's (70, 12) are not the process's own.
    const stat = '4242 (node ) worker 1) S 4200 4242 4200 0 -1 4194560 9000 0 3 0 150 30 70 12 20 0 11 0 5000 1200000000 30000';
    expect(statCpuMs(stat)).toBe(statCpuMs('1 (node) S 0 1 1 0 -1 0 0 0 0 0 150 30 0 0 20 0 1 0 0 0 0'));
    expect(statCpuMs(stat)).toBeGreaterThan(0);
  });

  it('reads this process as the kernel writes it', () => {
    const { user, system } = process.cpuUsage();
    // /proc counts in clock ticks (10 ms), so it is compared with a tick's slack.
    expect(cpuMs(process.pid)).toBeGreaterThanOrEqual((user + system) / 1000 - 20);
    expect(rssMb(process.pid)).toBeGreaterThan(0);
  });
});

describe('table', () => {
  it('is a markdown table, padded, the first columns aligned left and the rest right', () => {
    expect(
      table([
        ['name', 'n'],
        ['a', 10],
      ]),
    ).toBe('| name |   n |\n| ---- | --: |\n| a    |  10 |');
  });
});

describe('envPairs', () => {
  it('splits at the first "="', () => {
    expect(envPairs(['HEAP_LIMIT_MB=off', 'NODE_OPTIONS=--max-old-space-size=2048'])).toEqual({
      HEAP_LIMIT_MB: 'off',
      NODE_OPTIONS: '--max-old-space-size=2048',
    });
    expect(envPairs()).toEqual({});
  });
});
