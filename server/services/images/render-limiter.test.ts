import { describe, expect, it } from 'vitest';

import { createLimiter } from '#server/services/images/render-limiter.ts';

describe('createLimiter', () => {
  it('never runs more than the limit at once and runs everything in order', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return id;
    };

    const first = Array.from({ length: 5 }, (_, i) => limit(task(i)));
    await Promise.resolve();
    const late = limit(task(5));
    const results = await Promise.all([...first, late]);

    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it('frees the slot when a task fails', async () => {
    const limit = createLimiter(1);

    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');

    await expect(limit(async () => 'next')).resolves.toBe('next');
  });
});
