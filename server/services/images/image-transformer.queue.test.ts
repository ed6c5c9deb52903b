import { describe, expect, it } from 'vitest';

import { createRenderQueue, ImageBusyError } from '#server/services/images/image-transformer.ts';

const later = (ms: number) => performance.now() + ms;
/** Lets queued tasks start (p-limit starts them from microtasks). */
const tick = () => new Promise((resolve) => setTimeout(resolve));

/** A task that finishes when `finish()` is called. */
function gate<T>(value: T) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: async () => (await done, value), finish };
}

describe('createRenderQueue', () => {
  it('never runs more than the limit at once and runs everything in order', async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 10 });
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

    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => queue.run(task(i), later(5000))));

    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it('refuses a task at once when the waiting list is full', async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 2 });
    const running = gate('running');
    const first = queue.run(running.task, later(5000));
    const waiting = [queue.run(async () => 'a', later(5000)), queue.run(async () => 'b', later(5000))];

    const refused = queue.run(async () => 'c', later(5000));

    await expect(refused).rejects.toMatchObject({ name: 'ImageBusyError', reason: 'queue-full' });
    expect(queue.waiting).toBe(2);
    running.finish();
    await expect(Promise.all([first, ...waiting])).resolves.toEqual(['running', 'a', 'b']);
  });

  it('drops a waiting task at its deadline without ever starting it', async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 5 });
    const running = gate('running');
    void queue.run(running.task, later(5000));
    let started = false;

    const expired = queue.run(async () => {
      started = true;
    }, later(20));

    await expect(expired).rejects.toBeInstanceOf(ImageBusyError);
    await expect(expired).rejects.toMatchObject({ reason: 'timeout' });
    expect(queue.waiting).toBe(0);
    running.finish();
    await expect(queue.run(async () => 'next', later(5000))).resolves.toBe('next');
    expect(started).toBe(false);
  });

  it('runs at most maxHeavy heavy tasks at once and lets light ones pass a blocked heavy one', async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 10, maxHeavy: 1 });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate<string>>>();
    const task = (id: string, heavy: boolean) => {
      const g = gate(id);
      gates.set(id, g);
      return queue.run(
        () => {
          started.push(id);
          return g.task();
        },
        later(5000),
        heavy,
      );
    };

    const runs = [task('avif-1', true), task('avif-2', true), task('webp', false)];
    await tick();

    expect([...started].sort()).toEqual(['avif-1', 'webp']);
    expect(queue.waiting).toBe(1);
    gates.get('webp')!.finish();
    await runs[2];
    expect(started).not.toContain('avif-2');
    gates.get('avif-1')!.finish();
    await runs[0];
    await tick();
    expect(started.at(-1)).toBe('avif-2');
    gates.get('avif-2')!.finish();
    await expect(Promise.all(runs)).resolves.toEqual(['avif-1', 'avif-2', 'webp']);
  });

  it('frees the slot when a task fails', async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 1 });

    await expect(queue.run(() => Promise.reject(new Error('boom')), later(1000))).rejects.toThrow('boom');

    await expect(queue.run(async () => 'next', later(1000))).resolves.toBe('next');
    expect(queue.active).toBe(0);
  });
});
