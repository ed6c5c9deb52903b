import { afterEach, describe, expect, it, vi } from 'vitest';

import { obtainGc, startIdleCollection } from './idle-gc.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('obtainGc', () => {
  it('returns V8’s collector without putting gc on the global object', async () => {
    const gc = obtainGc();
    expect(typeof gc).toBe('function');
    expect('gc' in globalThis).toBe(false);
    await expect(gc({ type: 'major', execution: 'async', flavor: 'last-resort' })).resolves.toBeUndefined();
  });
});

describe('startIdleCollection', () => {
  it('collects once when a busy process goes quiet, not again until it was busy again', async () => {
    vi.useFakeTimers();
    let cpuMs = 0;
    const gc = vi.fn(async () => {});
    const stop = startIdleCollection({ checkMs: 1000, quietCpuMs: 20, gc, cpuUsage: () => ({ user: cpuMs * 1000, system: 0 }) });
    const interval = async (usedMs: number) => {
      cpuMs += usedMs;
      await vi.advanceTimersByTimeAsync(1000);
    };

    await interval(500); // serving
    await interval(400);
    expect(gc).not.toHaveBeenCalled();
    await interval(5); // quiet: the busy stretch is collected
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async', flavor: 'last-resort' });
    await interval(5);
    await interval(0);
    expect(gc).toHaveBeenCalledTimes(1);
    await interval(300);
    await interval(1);
    expect(gc).toHaveBeenCalledTimes(2);
    stop();
    await interval(300);
    await interval(0);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('does not count the collection’s own CPU as a busy stretch', async () => {
    vi.useFakeTimers();
    let cpuMs = 0;
    const gc = vi.fn(async () => {
      cpuMs += 150;
    });
    const stop = startIdleCollection({ checkMs: 1000, quietCpuMs: 20, gc, cpuUsage: () => ({ user: 0, system: cpuMs * 1000 }) });
    cpuMs += 400;
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(gc).toHaveBeenCalledTimes(1);
    stop();
  });
});
