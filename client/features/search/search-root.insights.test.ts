import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createViewBatcher } from './search-root.tsx';

import type { ViewEvent } from './search-root.tsx';

const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `o${from + i}`);
const view = (objectIDs: string[], index = 'vitrine_en-US'): ViewEvent => ({ index, eventName: 'Hits Viewed', objectIDs });

describe('createViewBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends views in events of 20 objects', () => {
    const sent: ViewEvent[] = [];
    const batcher = createViewBatcher((event) => sent.push(event));

    for (let query = 0; query < 9; query++) batcher.add(view(ids(query * 5, 5)), `q${query}`);

    expect(sent.map((event) => event.objectIDs.length)).toEqual([20, 20]);
    expect(sent[0]!.objectIDs).toEqual(ids(0, 20));
  });

  it('counts an object once per query, but again in a new query', () => {
    const sent: ViewEvent[] = [];
    const batcher = createViewBatcher((event) => sent.push(event));

    batcher.add(view(ids(0, 5)), 'q1');
    batcher.add(view(ids(0, 5)), 'q1');
    batcher.add(view(ids(0, 5)), 'q2');
    batcher.flush();

    expect(sent).toEqual([view([...ids(0, 5), ...ids(0, 5)])]);
  });

  it('sends a partial batch after the delay, and nothing when there is nothing new', () => {
    const sent: ViewEvent[] = [];
    const batcher = createViewBatcher((event) => sent.push(event), { flushAfterMs: 1000 });

    batcher.add(view(ids(0, 3)), 'q1');
    vi.advanceTimersByTime(999);
    const before = sent.length;
    vi.advanceTimersByTime(1);
    batcher.add(view(ids(0, 3)), 'q1');
    vi.advanceTimersByTime(5000);

    expect(before).toBe(0);
    expect(sent).toEqual([view(ids(0, 3))]);
  });

  it('keeps indexes apart', () => {
    const sent: ViewEvent[] = [];
    const batcher = createViewBatcher((event) => sent.push(event));

    batcher.add(view(['a'], 'vitrine_en-US'), 'q1');
    batcher.add(view(['b'], 'vitrine_de-DE'), 'q2');
    batcher.flush();

    expect(sent).toEqual([view(['a'], 'vitrine_en-US'), view(['b'], 'vitrine_de-DE')]);
  });
});
