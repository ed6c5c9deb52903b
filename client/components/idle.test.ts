import { afterEach, describe, expect, it, vi } from 'vitest';

import { whenIdleAfterLoad } from './idle.ts';

function stubLoading(): void {
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(document, 'readyState');
  vi.unstubAllGlobals();
});

describe('whenIdleAfterLoad', () => {
  it('waits for the load event, then for an idle period of at most 2 s', () => {
    const idle: Array<{ run: () => void; timeout: number | undefined }> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => idle.push({ run, timeout: options?.timeout }));
    stubLoading();
    const task = vi.fn();

    whenIdleAfterLoad(task);
    const idleBeforeLoad = idle.length;
    window.dispatchEvent(new Event('load'));
    idle[0]?.run();

    expect(idleBeforeLoad).toBe(0);
    expect(idle[0]?.timeout).toBe(2000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('falls back to a short timer without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();

    whenIdleAfterLoad(task);
    vi.advanceTimersByTime(250);

    expect(task).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
