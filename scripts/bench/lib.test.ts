import { spawn } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import { descendants, envPairs, markdownTable, parseStat, processTree, treeCpuMs, treeRssMb, wholeNumber } from './lib.ts';

// proc(5) layout; the command name holds ") " and spaces, as a process may name itself.
const STAT = '4242 (node ) worker 1) S 4200 4242 4200 0 -1 4194560 9000 0 3 0 150 30 70 12 20 0 11 0 5000 1200000000 30000 18446744073709551615';

describe('parseStat', () => {
  it('reads pid, parent and CPU ticks counted from the last ") ", whatever the command name holds', () => {
    expect(parseStat(STAT)).toEqual({ pid: 4242, ppid: 4200, ownTicks: 180, reapedTicks: 82 });
  });

  it('reads this process as the kernel writes it', async () => {
    const { readFileSync } = await import('node:fs');
    const stat = parseStat(readFileSync('/proc/self/stat', 'utf8'));
    expect(stat.pid).toBe(process.pid);
    expect(stat.ppid).toBe(process.ppid);
  });
});

describe('descendants', () => {
  it('collects children and grandchildren, not siblings or the parent', () => {
    const parents = [
      { pid: 1, ppid: 0 },
      { pid: 10, ppid: 1 },
      { pid: 11, ppid: 10 },
      { pid: 12, ppid: 10 },
      { pid: 13, ppid: 12 },
      { pid: 20, ppid: 1 },
    ];
    expect(descendants(10, parents).sort((a, b) => a - b)).toEqual([10, 11, 12, 13]);
    expect(descendants(20, parents)).toEqual([20]);
  });
});

describe('process tree from /proc', () => {
  it('includes a spawned child, and sums CPU and RSS over the tree', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      expect(processTree(process.pid)).toEqual(expect.arrayContaining([process.pid, child.pid]));
      // /proc counts in clock ticks (10 ms), so the tree's total is compared with a tick's slack.
      const { user, system } = process.cpuUsage();
      expect(treeCpuMs(process.pid)).toBeGreaterThanOrEqual((user + system) / 1000 - 20);
      expect(treeRssMb(process.pid)).toBeGreaterThan(0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('gives nothing for a process that does not exist', () => {
    expect(processTree(2 ** 30)).toEqual([]);
    expect(treeCpuMs(2 ** 30)).toBeNaN();
    expect(treeRssMb(2 ** 30)).toBeNaN();
  });
});

describe('markdownTable', () => {
  it('puts the separator row under the header only', () => {
    expect(
      markdownTable([
        ['a', 'b'],
        ['1', '2'],
        ['3', '4'],
      ]),
    ).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |');
  });
});

describe('wholeNumber', () => {
  it('takes a whole number within its bounds and refuses anything else', () => {
    expect(wholeNumber('rounds', '3', 50)).toBe(3);
    for (const bad of ['0', '51', '2.5', 'x', undefined]) expect(() => wholeNumber('rounds', bad, 50)).toThrow(/--rounds/);
  });
});

describe('envPairs', () => {
  it('splits at the first "=" and refuses a name that is no variable name', () => {
    expect(envPairs(['HEAP_LIMIT_MB=off', 'NODE_OPTIONS=--max-old-space-size=2048'])).toEqual({
      HEAP_LIMIT_MB: 'off',
      NODE_OPTIONS: '--max-old-space-size=2048',
    });
    expect(envPairs()).toEqual({});
    expect(() => envPairs(['lower=1'])).toThrow(/KEY=VALUE/);
    expect(() => envPairs(['HEAP_LIMIT_MB'])).toThrow(/KEY=VALUE/);
  });
});
