import { describe, expect, it, vi } from 'vitest';

import { createWriteBuffer } from './write-buffer.ts';

function createRecorder(failures = 0) {
  const batches: number[][] = [];
  let failing = failures;
  return {
    batches,
    write: async (items: number[]) => {
      if (failing > 0) {
        failing -= 1;
        throw Object.assign(new Error('disk full'), { code: 'SQLITE_FULL' });
      }
      batches.push(items);
    },
  };
}

describe('createWriteBuffer', () => {
  it('writes everything pushed before a flush, in batches of maxBatch, in order', async () => {
    const recorder = createRecorder();
    const buffer = createWriteBuffer({ ...recorder, onError: vi.fn(), maxBatch: 3, flushIntervalMs: 60_000 });

    for (let i = 0; i < 7; i += 1) buffer.push(i);
    await buffer.flush();

    expect(recorder.batches).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(buffer.stats()).toEqual({ pending: 0, written: 7, dropped: 0, failedWrites: 0 });
    await buffer.close();
  });

  it('writes on its timer without being asked', async () => {
    vi.useFakeTimers();
    const recorder = createRecorder();
    const buffer = createWriteBuffer({ ...recorder, onError: vi.fn(), flushIntervalMs: 1000 });

    buffer.push(1);
    await vi.advanceTimersByTimeAsync(999);
    const early = recorder.batches.length;
    await vi.advanceTimersByTimeAsync(1);

    expect(early).toBe(0);
    expect(recorder.batches).toEqual([[1]]);
    await buffer.close();
    vi.useRealTimers();
  });

  it('keeps a failed batch for the next flush, reports each failure, and says when writes work again', async () => {
    const recorder = createRecorder(1);
    const onError = vi.fn();
    const onRecovered = vi.fn();
    const buffer = createWriteBuffer({ ...recorder, onError, onRecovered, flushIntervalMs: 60_000 });

    buffer.push(1);
    await buffer.flush();
    buffer.push(2);
    const afterFailure = buffer.stats();
    await buffer.flush();

    expect(afterFailure).toMatchObject({ pending: 2, failedWrites: 1 });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'SQLITE_FULL' }));
    expect(recorder.batches).toEqual([[1, 2]]);
    expect(onRecovered).toHaveBeenCalledTimes(1);
    await buffer.close();
  });

  it('drops items after maxAttempts failed writes, so a refused batch cannot block the queue', async () => {
    const recorder = createRecorder(3);
    const buffer = createWriteBuffer({ ...recorder, onError: vi.fn(), maxAttempts: 3, flushIntervalMs: 60_000 });

    buffer.push(1);
    for (let i = 0; i < 3; i += 1) await buffer.flush();
    buffer.push(2);
    await buffer.flush();

    expect(recorder.batches).toEqual([[2]]);
    expect(buffer.stats()).toMatchObject({ pending: 0, dropped: 1, failedWrites: 3, written: 1 });
    await buffer.close();
  });

  it('refuses and counts items beyond maxPending instead of growing', async () => {
    const recorder = createRecorder();
    const buffer = createWriteBuffer({ ...recorder, onError: vi.fn(), maxPending: 2, maxBatch: 10, flushIntervalMs: 60_000 });

    const accepted = [1, 2, 3, 4].map((item) => buffer.push(item));
    await buffer.close();

    expect(accepted).toEqual([true, true, false, false]);
    expect(recorder.batches).toEqual([[1, 2]]);
    expect(buffer.stats()).toMatchObject({ dropped: 2, written: 2 });
  });

  it('never rejects a flush, whatever the write throws', async () => {
    const buffer = createWriteBuffer({ write: () => Promise.reject(new Error('boom')), onError: vi.fn(), flushIntervalMs: 60_000 });

    buffer.push(1);

    await expect(buffer.flush()).resolves.toBeUndefined();
    await expect(buffer.close()).resolves.toBeUndefined();
  });
});
