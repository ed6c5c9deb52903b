import { afterEach, describe, expect, it, vi } from 'vitest';

import { createBeaconQueue } from './beacon-queue.ts';
import { beaconTransport } from './transport.ts';

const endpoint = '/_insights/insights/events';

describe('createBeaconQueue', () => {
  it('sends a full batch at once and splits what is left into batches on flush', () => {
    const transport = vi.fn();
    const queue = createBeaconQueue<number>({ endpoint, maxBatch: 3, flushAfterMs: 0, transport });

    for (let i = 1; i <= 7; i += 1) queue.add(i);
    expect(transport).toHaveBeenCalledTimes(2);
    queue.flush();

    expect(transport.mock.calls.map(([, body]) => JSON.parse(body as string))).toEqual([{ events: [1, 2, 3] }, { events: [4, 5, 6] }, { events: [7] }]);
  });

  it('sends nothing when there is nothing queued', () => {
    const transport = vi.fn();
    createBeaconQueue<number>({ endpoint, transport });

    window.dispatchEvent(new Event('pagehide'));

    expect(transport).not.toHaveBeenCalled();
  });
});

describe('beaconTransport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses sendBeacon with a string body', () => {
    const sendBeacon = vi.fn(() => true);
    const fetchSpy = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    vi.stubGlobal('fetch', fetchSpy);

    beaconTransport(endpoint, '{"events":[]}');

    expect(sendBeacon).toHaveBeenCalledWith(endpoint, '{"events":[]}');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch without credentials when sendBeacon refuses', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchSpy);

    beaconTransport(endpoint, '{"events":[]}');

    expect(fetchSpy).toHaveBeenCalledWith(endpoint, expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit', body: '{"events":[]}' }));
  });
});
