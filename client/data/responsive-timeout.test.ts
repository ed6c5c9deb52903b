import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { responsiveTimeout } from '#client/data/responsive-timeout.ts';

describe('responsiveTimeout', () => {
  /** The page's clock: fake timers move it; `block` moves it without running any timer, as a busy main thread does. */
  let clock = 0;
  const now = () => clock;
  const advance = async (ms: number) => {
    for (let step = 0; step < ms; step++) {
      clock++;
      await vi.advanceTimersByTimeAsync(1);
    }
  };
  const block = (ms: number) => (clock += ms);

  beforeEach(() => {
    clock = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('aborts after the time, like AbortSignal.timeout, when nothing blocks', async () => {
    const signal = responsiveTimeout(3800, now);
    await advance(3799);
    expect(signal.aborted).toBe(false);
    await advance(1);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toMatchObject({ name: 'AbortError' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts a blocked main thread as one tick, so the answer that waited behind it is read first', async () => {
    const signal = responsiveTimeout(3800, now);
    await advance(1000);
    block(5000);
    await advance(250);
    // 1000 ms, then the tick after the block counts 500 ms, not 5,000.
    expect(signal.aborted).toBe(false);
    await advance(2299);
    expect(signal.aborted).toBe(false);
    await advance(1);
    expect(signal.aborted).toBe(true);
  });
});
